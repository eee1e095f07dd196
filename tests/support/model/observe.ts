import { isDeepStrictEqual } from 'node:util';
import type { DataOf } from '#api/common.ts';
import { addressesList, customerInfo } from '#api/customer.ts';
import { cartPage, favouritePage, orderPage, savedArticlePage } from '#api/shop.ts';
import type { Answer } from './client.ts';
import {
  type CustomerState,
  customerAt,
  lineTotal,
  listedAddresses,
  type Model,
  type OrderState,
  slotOf,
} from './model.ts';
import type { Shop } from './shop.ts';

// After each step the run reads what the step touched through the customer's own page calls, and
// compares it with the model. Reading and comparing are apart: when two steps ran at once the run reads
// once and compares with the model of each order the two could have taken.

/** A part of a customer's state, each read by one call. */
export type Area = 'cart' | 'favourites' | 'savedArticles' | 'addresses' | 'orders' | 'info';
export const ALL_AREAS: readonly Area[] = ['cart', 'favourites', 'savedArticles', 'addresses', 'orders', 'info'];

/** What a step asks to be read after it: areas of a customer, and slots whose session should be as the model says. */
export interface Touch {
  customer?: number | undefined;
  areas?: readonly Area[];
  slots?: number[];
}

interface Read {
  customer: number;
  slot: number;
  cart?: Answer<DataOf<typeof cartPage>>;
  favourites?: Answer<DataOf<typeof favouritePage>>;
  savedArticles?: Answer<DataOf<typeof savedArticlePage>>;
  addresses?: Answer<DataOf<typeof addressesList>>;
  orders?: Answer<DataOf<typeof orderPage>>;
  info?: Answer<DataOf<typeof customerInfo>>;
}

export interface Observation {
  reads: Read[];
  sessions: { slot: number; answer: Answer<DataOf<typeof customerInfo>> }[];
}

const ALL = { language: 'en', pageNum: 1, pageSize: 999 };

/** Reads what the touches name, as the customers' live sessions in `model` see it. */
export async function observe(shop: Shop, model: Readonly<Model>, touches: Touch[]): Promise<Observation> {
  const areas = new Map<number, Set<Area>>();
  const slots = new Set<number>();
  for (const touch of touches) {
    for (const slot of touch.slots ?? []) slots.add(slot);
    if (touch.customer === undefined || !touch.areas?.length) continue;
    const set = areas.get(touch.customer) ?? new Set();
    for (const area of touch.areas) set.add(area);
    areas.set(touch.customer, set);
  }
  const reads = [...areas].flatMap(([customer, wanted]) => {
    // A customer with no live session cannot be read now: a login reads everything of theirs.
    const slot = slotOf(model, customer);
    const token = slot === undefined ? undefined : shop.tokens[slot];
    return slot === undefined || token === undefined ? [] : [readCustomer(shop, customer, slot, token, wanted)];
  });
  const sessions = [...slots].map(async (slot) => ({
    slot,
    answer: await shop.client.call(customerInfo, { language: 'en' }, shop.tokens[slot]),
  }));
  return { reads: await Promise.all(reads), sessions: await Promise.all(sessions) };
}

async function readCustomer(shop: Shop, customer: number, slot: number, token: string, areas: Set<Area>) {
  const { client } = shop;
  const read: Read = { customer, slot };
  await Promise.all([
    areas.has('cart') && client.call(cartPage, ALL, token).then((a) => (read.cart = a)),
    areas.has('favourites') && client.call(favouritePage, ALL, token).then((a) => (read.favourites = a)),
    areas.has('savedArticles') && client.call(savedArticlePage, ALL, token).then((a) => (read.savedArticles = a)),
    areas.has('addresses') && client.call(addressesList, { language: 'en' }, token).then((a) => (read.addresses = a)),
    areas.has('orders') && client.call(orderPage, ALL, token).then((a) => (read.orders = a)),
    areas.has('info') && client.call(customerInfo, { language: 'en' }, token).then((a) => (read.info = a)),
  ]);
  return read;
}

/** How what was read differs from the model; empty when it does not. */
export function differences(shop: Shop, model: Model, observation: Observation): string[] {
  const problems: string[] = [];
  for (const { slot, answer } of observation.sessions) {
    const session = model.slots[slot];
    const expected = session?.live ? 200 : 401;
    if (answer.status !== expected)
      problems.push(`slot ${slot}: /client/info answered ${answer.status} where the session should give ${expected}`);
    else if (session?.live && answer.data.username !== shop.person(session.customer).username)
      problems.push(`slot ${slot}: /client/info answered ${answer.data.username}, not customer ${session.customer}`);
  }
  for (const read of observation.reads) {
    const customer = customerAt(model, read.customer);
    const say = (problem: string) => problems.push(`customer ${read.customer} (slot ${read.slot}): ${problem}`);
    for (const [area, answer] of Object.entries(read) as [string, unknown][]) {
      if (typeof answer === 'object' && answer !== null && (answer as Answer).status !== 200)
        say(`the ${area} call answered ${(answer as Answer).status} ${(answer as Answer).msg}`);
    }
    if (read.cart?.status === 200) cartDifferences(shop, customer, read.cart.data).forEach(say);
    if (read.favourites?.status === 200) favouriteDifferences(shop, customer, read.favourites.data).forEach(say);
    if (read.savedArticles?.status === 200) {
      const records = read.savedArticles.data.records.map((r) => ({ id: r.newsId, time: r.createdAt }));
      listDifferences('saved articles', records, customer.savedArticles, read.savedArticles.data.total).forEach(say);
    }
    if (read.addresses?.status === 200) {
      const expected = listedAddresses(customer);
      if (!isDeepStrictEqual(read.addresses.data, expected))
        say(`addresses are ${JSON.stringify(read.addresses.data)}, the model has ${JSON.stringify(expected)}`);
    }
    if (read.orders?.status === 200) orderDifferences(shop, customer, read.orders.data).forEach(say);
    if (read.info?.status === 200) {
      const person = shop.person(read.customer);
      const info = read.info.data;
      const expected = { username: person.username, email: person.email, ...pick(customer, 'name', 'contactNumber') };
      const got = pick(info, 'username', 'email', 'name', 'contactNumber');
      if (!isDeepStrictEqual(got, expected))
        say(`/client/info is ${JSON.stringify(got)}, the model has ${JSON.stringify(expected)}`);
    }
  }
  return problems;
}

function pick<T extends object, K extends keyof T>(from: T, ...keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;
}

/**
 * How a list shown newest first differs from the model's list (oldest first): the same ids, and an
 * order the timestamps allow. Two saves in one millisecond (or one statement) show the same time and
 * may come either way round; otherwise newer comes first, and the model's newer must not be older.
 */
function listDifferences(what: string, records: { id: number; time: string }[], model: number[], total: number) {
  const problems: string[] = [];
  const ids = records.map((record) => record.id);
  const expected = [...model].reverse();
  if (total !== expected.length) problems.push(`${what}: total ${total}, the model has ${expected.length}`);
  if (!isDeepStrictEqual([...ids].sort(), [...expected].sort())) {
    problems.push(`${what} are [${ids}], the model has [${expected}] (newest first)`);
    return problems;
  }
  for (let i = 1; i < records.length; i++)
    if ((records[i - 1]?.time ?? '') < (records[i]?.time ?? ''))
      problems.push(`${what} are not newest first: ${JSON.stringify(records)}`);
  const time = new Map(records.map((record) => [record.id, record.time]));
  for (let i = 1; i < expected.length; i++)
    if ((time.get(expected[i - 1] as number) ?? '') < (time.get(expected[i] as number) ?? ''))
      problems.push(`${what}: ${expected[i - 1]} was saved after ${expected[i]} but shows an older time`);
  return problems;
}

function cartDifferences(shop: Shop, customer: CustomerState, page: DataOf<typeof cartPage>): string[] {
  const records = page.records.map((line) => ({ id: line.productId, time: line.addedAt }));
  const problems = listDifferences(
    'cart lines',
    records,
    customer.cart.map((line) => line.productId),
    page.total,
  );
  for (const line of page.records) {
    const quantity = customer.cart.find((l) => l.productId === line.productId)?.quantity;
    const product = shop.product(line.productId);
    const expected = product && {
      quantity,
      unitPrice: product.price,
      total: lineTotal(product.price, quantity ?? 0),
      currency: product.currency,
      partNumber: product.partNumber,
      name: product.name.en,
    };
    const got = { ...pick(line, 'quantity', 'unitPrice', 'total', 'currency', 'partNumber'), name: line.product.name };
    if (!isDeepStrictEqual(got, expected))
      problems.push(`cart line ${line.productId} is ${JSON.stringify(got)}, the model has ${JSON.stringify(expected)}`);
  }
  return problems;
}

function favouriteDifferences(shop: Shop, customer: CustomerState, page: DataOf<typeof favouritePage>): string[] {
  const records = page.records.map((r) => ({ id: r.productId, time: r.createdAt }));
  const problems = listDifferences('favourites', records, customer.favourites, page.total);
  for (const favourite of page.records) {
    const product = shop.product(favourite.productId);
    if (favourite.product.id !== favourite.productId || favourite.product.price !== product?.price)
      problems.push(`favourite ${favourite.productId} shows ${JSON.stringify(favourite.product)}`);
  }
  return problems;
}

type ApiOrder = DataOf<typeof orderPage>['records'][number];

/** How an order the API answered differs from the model's; names in the language it was asked in. */
export function orderAnswerDifferences(shop: Shop, order: ApiOrder, expected: OrderState, language: 'en' | 'zh') {
  const lines = expected.lines
    .map((line) => {
      const product = shop.product(line.productId);
      const price = product?.price ?? Number.NaN;
      return {
        productId: line.productId,
        partNumber: product?.partNumber,
        name: product?.name[language],
        quantity: line.quantity,
        unitPrice: price,
        total: lineTotal(price, line.quantity),
      };
    })
    .sort((a, b) => a.productId - b.productId);
  const want = {
    id: expected.id,
    status: 'submitted',
    remark: expected.remark,
    address: expected.address,
    lines,
    total: lines.reduce((sum, line) => sum + Math.round(line.unitPrice * 100) * line.quantity, 0) / 100,
    currency: shop.product(expected.lines[0]?.productId ?? 0)?.currency,
  };
  const got = {
    ...pick(order, 'id', 'status', 'remark', 'address', 'total', 'currency'),
    lines: [...order.lines].sort((a, b) => a.productId - b.productId),
  };
  const problems: string[] = [];
  if (!/^SO\d{8}-\d{6,}$/.test(order.orderNo)) problems.push(`order ${order.id} has the number ${order.orderNo}`);
  if (!isDeepStrictEqual(got, want))
    problems.push(`order ${order.id} is ${JSON.stringify(got)}, the model has ${JSON.stringify(want)}`);
  return problems;
}

function orderDifferences(shop: Shop, customer: CustomerState, page: DataOf<typeof orderPage>): string[] {
  const records = page.records.map((order) => ({ id: order.id, time: order.createdAt }));
  const problems = listDifferences(
    'orders',
    records,
    customer.orders.map((order) => order.id),
    page.total,
  );
  if (problems.length > 0) return problems;
  for (const order of page.records) {
    const expected = customer.orders.find((o) => o.id === order.id);
    if (expected) problems.push(...orderAnswerDifferences(shop, order, expected, 'en'));
  }
  return problems;
}
