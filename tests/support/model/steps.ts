import { isDeepStrictEqual } from 'node:util';
import type { Call, DataOf, Language } from '#api/common.ts';
import {
  addressesRemove,
  addressesSave,
  customerInfo,
  customerLogin,
  customerLogout,
  customerRegister,
  customerSendEmail,
  customerUpdate,
} from '#api/customer.ts';
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
import {
  type AddressFields,
  addOnce,
  addToCart,
  customerAt,
  LIMITS,
  lineTotal,
  liveCustomer,
  login,
  type Model,
  newCustomer,
  QUANTITY_LIMIT,
  removeAddress,
  removeFrom,
  saveAddress,
} from './model.ts';
import { ALL_AREAS, orderAnswerDifferences, type Touch } from './observe.ts';
import type { Shop } from './shop.ts';

// The steps a customer takes, each one call (registration two) of the contract. A step is prepared
// from the model as it stands (which product, which address, which token), sent, and then its answer is
// checked against the model, which it moves. Steps run one at a time or two at once (commands.ts).

/** An answer the model does not allow. */
export class Mismatch extends Error {}

/** A step made ready to send: its calls and the check of their answers. */
export interface Prepared {
  send(): Promise<void>;
  /** Checks the answers against `model` and moves it; answers what to read afterwards. */
  expect(model: Model, concurrent: boolean): Touch;
  /** The HTTP statuses answered, for the report. */
  statuses(): number[];
}

export abstract class Step {
  abstract readonly name: string;
  /** A step that logs in sets its slot's token, so two at once on one slot would race for it. */
  readonly logsIn: boolean = false;
  readonly slot: number;
  readonly language: Language;

  constructor(slot: number, language: Language) {
    this.slot = slot;
    this.language = language;
  }

  abstract prepare(model: Readonly<Model>, shop: Shop): Prepared;
  protected abstract details(): string;

  toString(): string {
    return `${this.name.replace(/ (\w)/g, (_, c: string) => c.toUpperCase())}(${[`slot ${this.slot}`, this.language, this.details()].filter(Boolean).join(', ')})`;
  }
}

// ---- what the steps send: references resolved against the catalogue and the model ----

/** A product or article: one of the run's pool, an id no one has, or a value that is no id at all. */
export type IdRef = { kind: 'pool'; index: number } | { kind: 'unknown' } | { kind: 'invalid'; value: unknown };
/** An address: one of the acting customer's, another customer's, an id no one has, or no id at all. */
export type AddressRef =
  | { kind: 'own'; index: number }
  | { kind: 'other' }
  | { kind: 'unknown' }
  | { kind: 'invalid'; value: unknown };

/** An id no product, article or address has. */
const UNKNOWN_ID = 2_147_483_646;

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 2_147_483_647;

const isQuantity = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= QUANTITY_LIMIT;

const describe = (value: unknown) => (value === undefined ? 'absent' : JSON.stringify(value));
const describeRef = (ref: IdRef | AddressRef) =>
  ref.kind === 'pool' || ref.kind === 'own'
    ? `${ref.kind} #${ref.index}`
    : ref.kind === 'invalid'
      ? describe(ref.value)
      : ref.kind;

function resolveId(ref: IdRef, pool: number[]): unknown {
  if (ref.kind === 'pool') return pool[ref.index % pool.length];
  return ref.kind === 'unknown' ? UNKNOWN_ID : ref.value;
}

function resolveAddress(ref: AddressRef, model: Readonly<Model>, slot: number): unknown {
  if (ref.kind === 'invalid') return ref.value;
  const acting = liveCustomer(model, slot);
  if (ref.kind === 'own') {
    const own = acting === undefined ? [] : (model.customers[acting]?.addresses ?? []);
    return own.length === 0 ? UNKNOWN_ID : own[ref.index % own.length]?.id;
  }
  if (ref.kind === 'other') {
    const others = model.customers.flatMap((customer, i) => (i === acting ? [] : customer.addresses));
    return others[0]?.id ?? UNKNOWN_ID;
  }
  return UNKNOWN_ID;
}

// ---- checking answers ----

function expectStatus(answer: Answer | undefined, expected: number, step: Step): asserts answer is Answer {
  if (!answer) throw new Mismatch(`${step}: no answer`);
  if (answer.status !== expected)
    throw new Mismatch(
      `${step}: the model expects ${expected}, the API answered ${answer.status} (${answer.msg})${answer.status === 200 ? ` ${JSON.stringify(answer.data)}` : ''}`,
    );
}

function expectEqual(got: unknown, expected: unknown, what: string, step: Step): void {
  if (!isDeepStrictEqual(got, expected))
    throw new Mismatch(`${step}: ${what} is ${JSON.stringify(got)}, the model has ${JSON.stringify(expected)}`);
}

/** The acting customer, or undefined after checking that the answer is 401 (no live session). */
function actingCustomer(model: Model, step: Step, answer: Answer | undefined): number | undefined {
  const customer = liveCustomer(model, step.slot);
  if (customer === undefined) expectStatus(answer, 401, step);
  return customer;
}

/** One call with the slot's token; `check` gets the answer when it is back. */
function oneCall<C extends Call>(
  shop: Shop,
  step: Step,
  call: C,
  input: Record<string, unknown>,
  check: (model: Model, answer: Answer<DataOf<C>>, concurrent: boolean) => Touch,
): Prepared {
  const token = shop.tokens[step.slot];
  let answer: Answer<DataOf<C>> | undefined;
  return {
    async send() {
      answer = await shop.client.call(call, { language: step.language, ...input }, token);
    },
    expect(model, concurrent) {
      if (!answer) throw new Mismatch(`${step}: no answer`);
      return check(model, answer, concurrent);
    },
    statuses: () => (answer ? [answer.status] : []),
  };
}

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

// ---- addresses ----

/** Address fields as sent (possibly untrimmed, postal code possibly absent), and whether they are valid. */
export interface AddressInput {
  fields: Record<string, unknown>;
  valid: boolean;
}

/** The fields as the API keeps them: trimmed, an absent postal code empty. */
function kept(input: Record<string, unknown>): AddressFields {
  const text = (value: unknown) => String(value ?? '').trim();
  return {
    name: text(input.name),
    contactNumber: text(input.contactNumber),
    address: text(input.address),
    postalCode: text(input.postalCode),
    country: text(input.country),
  };
}

/** An address step reads the addresses, and the orders when there are some: an order keeps the address it was sent to. */
function addressTouch(model: Model, customer: number): Touch {
  const orders = customerAt(model, customer).orders.length > 0;
  return { customer, areas: orders ? ['addresses', 'orders'] : ['addresses'] };
}

export class AddressSave extends Step {
  readonly name = 'address save';
  /** Undefined to add an address. */
  readonly target: AddressRef | undefined;
  readonly input: AddressInput;
  readonly isDefault: boolean | undefined;

  constructor(
    slot: number,
    language: Language,
    target: AddressRef | undefined,
    input: AddressInput,
    isDefault: boolean | undefined,
  ) {
    super(slot, language);
    this.target = target;
    this.input = input;
    this.isDefault = isDefault;
  }

  protected details() {
    const target = this.target ? `edit ${describeRef(this.target)}` : 'new';
    return `${target}, ${JSON.stringify(this.input.fields)}, isDefault ${describe(this.isDefault)}`;
  }

  prepare(model: Readonly<Model>, shop: Shop): Prepared {
    const id = this.target && resolveAddress(this.target, model, this.slot);
    const input = { ...this.input.fields, isDefault: this.isDefault, ...(this.target ? { id } : {}) };
    return oneCall(shop, this, addressesSave, input, (model, answer) => {
      const customer = actingCustomer(model, this, answer);
      if (customer === undefined) return {};
      const touch = addressTouch(model, customer);
      if (!this.input.valid || (this.target && !isId(id))) {
        expectStatus(answer, 400, this);
        return touch;
      }
      const state = customerAt(model, customer);
      if (this.target && !state.addresses.some((address) => address.id === id)) {
        expectStatus(answer, 404, this);
        return touch;
      }
      expectStatus(answer, 200, this);
      if (!this.target && model.customers.some((c) => c.addresses.some((address) => address.id === answer.data.id)))
        throw new Mismatch(`${this}: the new address has the id ${answer.data.id} of another`);
      const saved = saveAddress(
        state,
        this.target ? (id as number) : answer.data.id,
        kept(this.input.fields),
        this.isDefault === true,
      );
      expectEqual(answer.data, saved, 'the address answered', this);
      return touch;
    });
  }
}

export class AddressRemove extends Step {
  readonly name = 'address remove';
  readonly target: AddressRef;

  constructor(slot: number, language: Language, target: AddressRef) {
    super(slot, language);
    this.target = target;
  }

  protected details() {
    return describeRef(this.target);
  }

  prepare(model: Readonly<Model>, shop: Shop): Prepared {
    const id = resolveAddress(this.target, model, this.slot);
    return oneCall(shop, this, addressesRemove, { id }, (model, answer) => {
      const customer = actingCustomer(model, this, answer);
      if (customer === undefined) return {};
      const touch = addressTouch(model, customer);
      const state = customerAt(model, customer);
      if (!isId(id)) expectStatus(answer, 400, this);
      else if (!state.addresses.some((address) => address.id === id)) expectStatus(answer, 404, this);
      else {
        expectStatus(answer, 200, this);
        removeAddress(state, id);
      }
      return touch;
    });
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

// ---- the account ----

export class Info extends Step {
  readonly name = 'info';

  protected details() {
    return '';
  }

  prepare(_model: Readonly<Model>, shop: Shop): Prepared {
    return oneCall(shop, this, customerInfo, {}, (model, answer) => {
      const customer = actingCustomer(model, this, answer);
      if (customer === undefined) return {};
      expectStatus(answer, 200, this);
      const { name, contactNumber } = customerAt(model, customer);
      const { username, email } = shop.person(customer);
      const { username: u, email: e, name: n, contactNumber: c } = answer.data;
      expectEqual(
        { username: u, email: e, name: n, contactNumber: c },
        { username, email, name, contactNumber },
        'the customer',
        this,
      );
      return {};
    });
  }
}

export class Update extends Step {
  readonly name = 'update';
  readonly fields: { name?: unknown; contactNumber?: unknown };
  readonly valid: boolean;

  constructor(slot: number, language: Language, fields: { name?: unknown; contactNumber?: unknown }, valid: boolean) {
    super(slot, language);
    this.fields = fields;
    this.valid = valid;
  }

  protected details() {
    return JSON.stringify(this.fields);
  }

  prepare(_model: Readonly<Model>, shop: Shop): Prepared {
    return oneCall(shop, this, customerUpdate, this.fields, (model, answer) => {
      const customer = actingCustomer(model, this, answer);
      if (customer === undefined) return {};
      if (!this.valid) {
        expectStatus(answer, 400, this);
        return { customer, areas: ['info'] };
      }
      expectStatus(answer, 200, this);
      const state = customerAt(model, customer);
      if (this.fields.name !== undefined) state.name = String(this.fields.name).trim();
      if (this.fields.contactNumber !== undefined) state.contactNumber = String(this.fields.contactNumber).trim();
      expectEqual(
        [answer.data.name, answer.data.contactNumber],
        [state.name, state.contactNumber],
        'the customer answered',
        this,
      );
      return { customer, areas: ['info'] };
    });
  }
}

// ---- sessions ----

export type AccountForm = 'username' | 'email' | 'EMAIL';

export class Login extends Step {
  readonly name = 'log in';
  override readonly logsIn = true;
  readonly customer: number;
  readonly form: AccountForm;
  readonly rightPassword: boolean;

  constructor(slot: number, language: Language, customer: number, form: AccountForm, rightPassword: boolean) {
    super(slot, language);
    this.customer = customer;
    this.form = form;
    this.rightPassword = rightPassword;
  }

  protected details() {
    return `customer ${this.customer} by ${this.form}, ${this.rightPassword ? 'right' : 'wrong'} password`;
  }

  prepare(_model: Readonly<Model>, shop: Shop): Prepared {
    const person = shop.person(this.customer);
    const typed = { username: person.username, email: person.email, EMAIL: person.email.toUpperCase() }[this.form];
    const password = this.rightPassword ? person.password : `${person.password}!`;
    let answer: Answer<string> | undefined;
    return {
      send: async () => {
        answer = await shop.client.call(customerLogin, { language: this.language, account: typed, password });
        if (answer.status === 200) shop.tokens[this.slot] = answer.data;
      },
      expect: (model) => {
        const counters = structuredClone({
          a: model.loginsPerAccountAddress,
          b: model.loginsPerAccount,
          c: model.loginsPerAddress,
        });
        const rule = login(model, { customer: this.customer, typed, rightPassword: this.rightPassword });
        if (rule.spaced && answer?.status === 429) {
          // Refused by the spaced ceiling: both address counters are given back.
          model.loginsPerAccountAddress = counters.a;
          model.loginsPerAccount = counters.b;
          model.loginsPerAddress = counters.c;
          return {};
        }
        expectStatus(answer, rule.status, this);
        if (answer.status !== 200) return {};
        model.slots[this.slot] = { customer: this.customer, live: true };
        // A login reads everything of the customer's: whatever happened while no session could look.
        return { customer: this.customer, areas: ALL_AREAS, slots: [this.slot] };
      },
      statuses: () => (answer ? [answer.status] : []),
    };
  }
}

export class Logout extends Step {
  readonly name = 'log out';

  protected details() {
    return '';
  }

  prepare(before: Readonly<Model>, shop: Shop): Prepared {
    const wasLive = liveCustomer(before, this.slot) !== undefined;
    return oneCall(shop, this, customerLogout, {}, (model, answer, concurrent) => {
      // Two logouts of one token at once may both find it live and both answer 200: the token ends
      // either way, so the model allows it (it is not what one after the other would answer).
      if (concurrent && wasLive && answer.status === 200 && liveCustomer(model, this.slot) === undefined)
        return { slots: [this.slot] };
      const customer = actingCustomer(model, this, answer);
      if (customer !== undefined) {
        expectStatus(answer, 200, this);
        model.slots[this.slot] = { customer, live: false };
      }
      return { slots: [this.slot] };
    });
  }
}

/** How a registration goes: a new customer, a taken username, a wrong code, or a form that cannot pass. */
export type Registration =
  | { kind: 'new' }
  | { kind: 'taken username'; customer: number; upper: boolean }
  | { kind: 'wrong code' }
  | { kind: 'bad form' };

/** A registration through the API: a code asked for, read from the mail, and sent with the form. */
export class Register extends Step {
  readonly name = 'register';
  readonly registration: Registration;

  constructor(language: Language, registration: Registration) {
    super(0, language);
    this.registration = registration;
  }

  protected details() {
    const r = this.registration;
    return r.kind === 'taken username' ? `${r.kind} of customer ${r.customer}${r.upper ? ' in capitals' : ''}` : r.kind;
  }

  override toString(): string {
    return `register(${this.language}, ${this.details()})`;
  }

  prepare(model: Readonly<Model>, shop: Shop): Prepared {
    const r = this.registration;
    const index = model.customers.length;
    const person = shop.person(index);
    let { username, email } = person;
    if (r.kind === 'taken username') {
      const taken = shop.person(r.customer < model.customers.length ? r.customer : 0).username;
      username = r.upper ? taken.toUpperCase() : taken;
      email = shop.freshEmail();
    } else if (r.kind === 'wrong code') {
      email = shop.freshEmail();
      username = email.split('@')[0] ?? '';
    }
    const form = {
      language: this.language,
      username,
      email,
      name: person.name,
      password: person.password,
      confirmPassword: r.kind === 'bad form' ? `${person.password}?` : person.password,
      contactNumber: person.contactNumber,
      agree: true,
    };
    let sent: Answer | undefined;
    let registered: Answer<DataOf<typeof customerRegister>> | undefined;
    return {
      send: async () => {
        if (r.kind === 'bad form') {
          registered = await shop.client.call(customerRegister, { ...form, code: '123456' });
          return;
        }
        const asked = await shop.mailbox.codeFor(email, () =>
          shop.client.call(customerSendEmail, { language: this.language, email, purpose: 'register' }),
        );
        sent = asked.sent;
        if (asked.code === undefined) return;
        const code =
          r.kind === 'wrong code' ? String((Number(asked.code) + 1) % 1_000_000).padStart(6, '0') : asked.code;
        registered = await shop.client.call(customerRegister, { ...form, code });
      },
      expect: (model) => {
        if (r.kind === 'bad form') {
          expectStatus(registered, 400, this);
          return {};
        }
        model.codeSends++;
        if (model.codeSends > LIMITS.codeSendsPerAddress) {
          expectStatus(sent, 429, this);
          return {};
        }
        expectStatus(sent, 200, this);
        // The wrong-code counter takes a slot first and gives it back for a right code.
        if (model.wrongCodes + 1 > LIMITS.wrongCodesPerAddress) {
          model.wrongCodes++;
          expectStatus(registered, 429, this);
          return {};
        }
        if (r.kind === 'wrong code') {
          model.wrongCodes++;
          expectStatus(registered, 400, this);
          return {};
        }
        if (r.kind === 'taken username') {
          expectStatus(registered, 409, this);
          return {};
        }
        expectStatus(registered, 200, this);
        const { username: u, email: e, name: n, contactNumber: c } = registered.data;
        expectEqual(
          { username: u, email: e, name: n, contactNumber: c },
          { username, email, name: person.name, contactNumber: person.contactNumber },
          'the customer registered',
          this,
        );
        model.customers.push(newCustomer(person.name, person.contactNumber));
        return {};
      },
      // The registration's answer, or the code request's when that was refused.
      statuses: () => [registered?.status ?? sent?.status].filter((s): s is number => s !== undefined),
    };
  }
}
