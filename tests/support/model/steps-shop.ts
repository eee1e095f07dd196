import type { DataOf, Language } from '#api/common.ts';
import {
  cartDelete,
  cartPage,
  cartSave,
  cartUpdate,
  favouriteDelete,
  favouritePage,
  favouriteSave,
  orderPage,
  orderSubmit,
  savedArticleDelete,
  savedArticlePage,
  savedArticleSave,
} from '#api/shop.ts';
import type { Answer } from './client.ts';
import { addOnce, addToCart, customerAt, lineTotal, type Model, QUANTITY_LIMIT, removeFrom } from './model.ts';
import { orderAnswerDifferences, type Touch } from './observe.ts';
import type { Shop } from './shop.ts';

// The steps a customer takes, each one call (registration two) of the contract. A step is prepared
import {
  type AddressRef,
  actingCustomer,
  describe,
  describeRef,
  expectEqual,
  expectStatus,
  type IdRef,
  isId,
  isQuantity,
  Mismatch,
  oneCall,
  type Prepared,
  resolveAddress,
  resolveId,
  Step,
} from './steps.ts';

// The shop's steps (steps.ts has what every step shares): the cart, favourites and saved articles, order
// requests, and reading a page of any of the customer's lists.

// ---- the cart ----

export class CartAdd extends Step {
  readonly name = 'cart add';
  readonly product: IdRef;
  readonly quantity: unknown;

  constructor(slot: number, language: Language, product: IdRef, quantity: unknown) {
    super(slot, language);
    this.product = product;
    this.quantity = quantity;
  }

  protected details() {
    return `product ${describeRef(this.product)}, quantity ${describe(this.quantity)}`;
  }

  prepare(_model: Readonly<Model>, shop: Shop): Prepared {
    const productId = resolveId(
      this.product,
      shop.catalogue.products.map((p) => p.id),
    );
    return oneCall(shop, this, cartSave, { productId, quantity: this.quantity }, (model, answer, concurrent) => {
      const customer = actingCustomer(model, this, answer);
      if (customer === undefined) return {};
      const touch = { customer, areas: ['cart'] as const };
      // The quantity is optional (1 when absent).
      if (!isId(productId) || (this.quantity !== undefined && !isQuantity(this.quantity))) {
        expectStatus(answer, 400, this);
        return touch;
      }
      const product = shop.product(productId);
      if (!product) {
        expectStatus(answer, 404, this);
        return touch;
      }
      expectStatus(answer, 200, this);
      const quantity = addToCart(customerAt(model, customer), productId, this.quantity ?? 1);
      const line = answer.data;
      // Adds at the same moment are summed in one write, and each answers the line after it.
      const answered =
        concurrent && line.quantity >= quantity && line.quantity <= QUANTITY_LIMIT ? line.quantity : quantity;
      expectEqual(
        { ...line, product: line.product.name },
        {
          ...line,
          productId,
          quantity: answered,
          unitPrice: product.price,
          total: lineTotal(product.price, answered),
          currency: product.currency,
          partNumber: product.partNumber,
          product: product.name[this.language],
        },
        'the line answered',
        this,
      );
      return touch;
    });
  }
}

export class CartChange extends Step {
  readonly name = 'cart change';
  readonly product: IdRef;
  readonly quantity: unknown;

  constructor(slot: number, language: Language, product: IdRef, quantity: unknown) {
    super(slot, language);
    this.product = product;
    this.quantity = quantity;
  }

  protected details() {
    return `product ${describeRef(this.product)}, quantity ${describe(this.quantity)}`;
  }

  prepare(_model: Readonly<Model>, shop: Shop): Prepared {
    const productId = resolveId(
      this.product,
      shop.catalogue.products.map((p) => p.id),
    );
    return oneCall(shop, this, cartUpdate, { productId, quantity: this.quantity }, (model, answer) => {
      const customer = actingCustomer(model, this, answer);
      if (customer === undefined) return {};
      const touch = { customer, areas: ['cart'] as const };
      if (!isId(productId) || !isQuantity(this.quantity)) {
        expectStatus(answer, 400, this);
        return touch;
      }
      const line = customerAt(model, customer).cart.find((l) => l.productId === productId);
      if (!line) {
        expectStatus(answer, 404, this);
        return touch;
      }
      expectStatus(answer, 200, this);
      line.quantity = this.quantity;
      expectEqual([answer.data.productId, answer.data.quantity], [productId, this.quantity], 'the line answered', this);
      return touch;
    });
  }
}

export class CartRemove extends Step {
  readonly name = 'cart remove';
  readonly product: IdRef;

  constructor(slot: number, language: Language, product: IdRef) {
    super(slot, language);
    this.product = product;
  }

  protected details() {
    return `product ${describeRef(this.product)}`;
  }

  prepare(_model: Readonly<Model>, shop: Shop): Prepared {
    const productId = resolveId(
      this.product,
      shop.catalogue.products.map((p) => p.id),
    );
    return oneCall(shop, this, cartDelete, { productId }, (model, answer) => {
      const customer = actingCustomer(model, this, answer);
      if (customer === undefined) return {};
      // Removing what is not there succeeds: the line is gone either way.
      expectStatus(answer, isId(productId) ? 200 : 400, this);
      removeFrom(customerAt(model, customer).cart, (line) => line.productId === productId);
      return { customer, areas: ['cart'] };
    });
  }
}

// ---- favourites and saved articles: saved once, removed whether or not there ----

type Saving = 'favourite' | 'saved article';

export class Save extends Step {
  readonly name: string;
  readonly what: Saving;
  readonly target: IdRef;
  readonly remove: boolean;

  constructor(slot: number, language: Language, what: Saving, target: IdRef, remove: boolean) {
    super(slot, language);
    this.what = what;
    this.target = target;
    this.remove = remove;
    this.name = `${what} ${remove ? 'remove' : 'save'}`;
  }

  protected details() {
    return `${this.what === 'favourite' ? 'product' : 'article'} ${describeRef(this.target)}`;
  }

  prepare(_model: Readonly<Model>, shop: Shop): Prepared {
    const favourite = this.what === 'favourite';
    const pool = favourite ? shop.catalogue.products.map((p) => p.id) : shop.catalogue.articles;
    const id = resolveId(this.target, pool);
    const area = favourite ? 'favourites' : 'savedArticles';
    const check = (model: Model, answer: Answer<unknown>): Touch => {
      const customer = actingCustomer(model, this, answer);
      if (customer === undefined) return {};
      const touch = { customer, areas: [area] as const };
      if (!isId(id)) {
        expectStatus(answer, 400, this);
        return touch;
      }
      const list = customerAt(model, customer)[area];
      if (this.remove) {
        expectStatus(answer, 200, this);
        removeFrom(list, (saved) => saved === id);
        return touch;
      }
      if (!pool.includes(id)) {
        expectStatus(answer, 404, this);
        return touch;
      }
      expectStatus(answer, 200, this);
      addOnce(list, id);
      const data = answer.data as DataOf<typeof favouriteSave> | DataOf<typeof savedArticleSave>;
      const answered = 'productId' in data ? [data.productId, data.product.id] : [data.newsId, data.article.id];
      expectEqual(answered, [id, id], 'the id answered', this);
      if ('product' in data) expectEqual(data.product.name, shop.product(id)?.name[this.language], 'the name', this);
      return touch;
    };
    if (favourite)
      return this.remove
        ? oneCall(shop, this, favouriteDelete, { productId: id }, check)
        : oneCall(shop, this, favouriteSave, { productId: id }, check);
    return this.remove
      ? oneCall(shop, this, savedArticleDelete, { newsId: id }, check)
      : oneCall(shop, this, savedArticleSave, { newsId: id }, check);
  }
}

// ---- orders ----

export class OrderSubmit extends Step {
  readonly name = 'order submit';
  readonly target: AddressRef;
  readonly remark: { value: unknown; valid: boolean };

  constructor(slot: number, language: Language, target: AddressRef, remark: { value: unknown; valid: boolean }) {
    super(slot, language);
    this.target = target;
    this.remark = remark;
  }

  protected details() {
    return `address ${describeRef(this.target)}, remark ${describe(this.remark.value)}`;
  }

  prepare(model: Readonly<Model>, shop: Shop): Prepared {
    const addressId = resolveAddress(this.target, model, this.slot);
    return oneCall(shop, this, orderSubmit, { addressId, remark: this.remark.value }, (model, answer) => {
      const customer = actingCustomer(model, this, answer);
      if (customer === undefined) return {};
      const touch = { customer, areas: ['cart', 'orders'] as const };
      if (!isId(addressId) || !this.remark.valid) {
        expectStatus(answer, 400, this);
        return touch;
      }
      const state = customerAt(model, customer);
      const address = state.addresses.find((a) => a.id === addressId);
      if (!address) {
        expectStatus(answer, 404, this);
        return touch;
      }
      const currencies = new Set(state.cart.map((line) => shop.product(line.productId)?.currency));
      // An empty cart, or one in several currencies, is no order request.
      if (currencies.size !== 1) {
        expectStatus(answer, 400, this);
        return touch;
      }
      expectStatus(answer, 200, this);
      if (model.customers.some((c) => c.orders.some((order) => order.id === answer.data.id)))
        throw new Mismatch(`${this}: the new order has the id ${answer.data.id} of another`);
      const { isDefault: _, id: __, ...fields } = address;
      const order = {
        id: answer.data.id,
        remark: String(this.remark.value ?? '').trim(),
        address: fields,
        lines: state.cart.map((line) => ({ ...line })),
      };
      const problems = orderAnswerDifferences(shop, answer.data, order, this.language);
      if (problems.length > 0) throw new Mismatch(`${this}: ${problems.join('; ')}`);
      // The request takes the whole cart: it is empty afterwards.
      state.cart = [];
      state.orders.push(order);
      return touch;
    });
  }
}

// ---- reading a page of a list ----

type Listed = 'cart' | 'favourites' | 'savedArticles' | 'orders';

export class Browse extends Step {
  readonly name = 'browse';
  readonly area: Listed;
  readonly pageNum: unknown;
  readonly pageSize: unknown;

  constructor(slot: number, language: Language, area: Listed, pageNum: unknown, pageSize: unknown) {
    super(slot, language);
    this.area = area;
    this.pageNum = pageNum;
    this.pageSize = pageSize;
  }

  protected details() {
    return `${this.area}, page ${describe(this.pageNum)} of ${describe(this.pageSize)}`;
  }

  prepare(_model: Readonly<Model>, shop: Shop): Prepared {
    const call = { cart: cartPage, favourites: favouritePage, savedArticles: savedArticlePage, orders: orderPage }[
      this.area
    ];
    const input = { pageNum: this.pageNum, pageSize: this.pageSize };
    return oneCall(shop, this, call as typeof cartPage, input, (model, answer) => {
      const customer = actingCustomer(model, this, answer);
      if (customer === undefined) return {};
      const valid = (value: unknown, max: number) =>
        typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max;
      if (!valid(this.pageNum, 1_000_000) || !valid(this.pageSize, 999)) {
        expectStatus(answer, 400, this);
        return {};
      }
      expectStatus(answer, 200, this);
      const state = customerAt(model, customer);
      const ids =
        this.area === 'cart'
          ? state.cart.map((line) => line.productId)
          : this.area === 'orders'
            ? state.orders.map((order) => order.id)
            : state[this.area];
      const [pageNum, pageSize] = [this.pageNum as number, this.pageSize as number];
      const page = answer.data as unknown as { records: Record<string, number>[]; total: number };
      const count = Math.max(0, Math.min(pageSize, ids.length - (pageNum - 1) * pageSize));
      expectEqual(
        { ...page, records: page.records.length },
        {
          total: ids.length,
          size: pageSize,
          current: pageNum,
          pages: Math.ceil(ids.length / pageSize),
          records: count,
        },
        'the page',
        this,
      );
      const key = { cart: 'productId', favourites: 'productId', savedArticles: 'newsId', orders: 'id' }[this.area];
      for (const record of page.records)
        if (!ids.includes(record[key] as number))
          throw new Mismatch(`${this}: the page shows ${record[key]}, not in the model`);
      return {};
    });
  }
}
