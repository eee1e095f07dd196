// The model: what the API should hold for the customers of one run, in memory, and the rules that
// move it. Each rule is what the contract (src/api/customer.ts, shop.ts) and the decisions promise a
// customer, written here apart from the server's code, so a difference between the two is a finding.

/** Browser sessions a run drives: two, so one customer can be logged in twice (two devices). */
export const SLOTS = 2;

/** The most of one product a cart line holds: more is 400 in a request, and additions stop there. */
export const QUANTITY_LIMIT = 999;

/** The limits a customer can meet in a run (docs/decisions/0014-auth-limits.md), per client address. */
export const LIMITS = {
  /** Failed logins per account and address before every login of that account there is refused. */
  loginsPerAccountAddress: 5,
  /** Failed logins per address. */
  loginsPerAddress: 30,
  /** Failed logins per account, past which attempts are spaced (one per 15 s). */
  loginsPerAccount: 20,
  /** Code emails asked for per address in an hour. */
  codeSendsPerAddress: 20,
  /** Wrong codes per address in 15 minutes. */
  wrongCodesPerAddress: 30,
} as const;

export interface AddressFields {
  name: string;
  contactNumber: string;
  address: string;
  postalCode: string;
  country: string;
}

export interface AddressState extends AddressFields {
  id: number;
  isDefault: boolean;
}

export interface OrderState {
  id: number;
  remark: string;
  address: AddressFields;
  /** The cart's lines when it was submitted, by product id. */
  lines: { productId: number; quantity: number }[];
}

/** One registered customer. Lists are oldest first. */
export interface CustomerState {
  name: string;
  contactNumber: string;
  cart: { productId: number; quantity: number }[];
  favourites: number[];
  savedArticles: number[];
  /** In the order they were saved first (the newest is the one with the highest id). */
  addresses: AddressState[];
  orders: OrderState[];
}

/** A browser session: never logged in (undefined), or holding the token of a login, live until logged out. */
type Slot = { customer: number; live: boolean } | undefined;

export interface Model {
  /** The registered customers; customer i is the i-th person of the run (Shop.person). */
  customers: CustomerState[];
  slots: Slot[];
  /** Login counters by account key (`id:i` or `name:typed`), as the API keeps them for this run's address. */
  loginsPerAccountAddress: Record<string, number>;
  loginsPerAccount: Record<string, number>;
  loginsPerAddress: number;
  codeSends: number;
  wrongCodes: number;
}

export function emptyModel(): Model {
  return {
    customers: [],
    slots: Array.from({ length: SLOTS }, () => undefined),
    loginsPerAccountAddress: {},
    loginsPerAccount: {},
    loginsPerAddress: 0,
    codeSends: 0,
    wrongCodes: 0,
  };
}

export function newCustomer(name: string, contactNumber: string): CustomerState {
  return { name, contactNumber, cart: [], favourites: [], savedArticles: [], addresses: [], orders: [] };
}

/** The customer a slot is logged in as, when its session is live. */
export function liveCustomer(model: Readonly<Model>, slot: number): number | undefined {
  const session = model.slots[slot];
  return session?.live ? session.customer : undefined;
}

/** A slot live as the customer, to look at its state with; undefined when none is. */
export function slotOf(model: Readonly<Model>, customer: number): number | undefined {
  const slot = model.slots.findIndex((session) => session?.live && session.customer === customer);
  return slot < 0 ? undefined : slot;
}

export function customerAt(model: Model, index: number): CustomerState {
  const customer = model.customers[index];
  if (!customer) throw new Error(`the model has no customer ${index}`);
  return customer;
}

/** An amount in whole cents times a quantity, in the currency's units (how totals add up exactly). */
export const lineTotal = (price: number, quantity: number) => (Math.round(price * 100) * quantity) / 100;

/** What a login should answer, the counters moved as the API moves them; `spaced` allows the spaced limit's timing. */
export function login(
  model: Model,
  who: { customer: number; typed: string; rightPassword: boolean },
): { status: 200 | 400 | 429; spaced?: boolean } {
  const registered = who.customer < model.customers.length;
  const key = registered ? `id:${who.customer}` : `name:${who.typed.toLowerCase()}`;
  const pair = (model.loginsPerAccountAddress[key] ?? 0) + 1;
  // Both address counters are taken in one statement; the one over keeps its count, the other is given back.
  if (pair > LIMITS.loginsPerAccountAddress) {
    model.loginsPerAccountAddress[key] = pair;
    return { status: 429 };
  }
  const address = model.loginsPerAddress + 1;
  if (address > LIMITS.loginsPerAddress) {
    model.loginsPerAddress = address;
    return { status: 429 };
  }
  const account = (model.loginsPerAccount[key] ?? 0) + 1;
  // Past its ceiling the account's counter admits one attempt per 15 s: refused within a run unless slow.
  const spaced = account > LIMITS.loginsPerAccount;
  if (registered && who.rightPassword) {
    delete model.loginsPerAccountAddress[key];
    return { status: 200, spaced };
  }
  model.loginsPerAccountAddress[key] = pair;
  model.loginsPerAddress = address;
  model.loginsPerAccount[key] = account;
  return { status: 400, spaced };
}

/** The addresses as the API lists them: the default first, then newest first. */
export function listedAddresses(customer: CustomerState): AddressState[] {
  return [...customer.addresses].sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || b.id - a.id);
}

/**
 * Saves an address (adds one, or edits the customer's own `id`): the first address is the default; a
 * default moves only to an address saved as the default, so editing the default keeps it the default.
 */
export function saveAddress(
  customer: CustomerState,
  id: number,
  fields: AddressFields,
  makeDefault: boolean,
): AddressState {
  const existing = customer.addresses.find((address) => address.id === id);
  const isDefault = makeDefault || !customer.addresses.some((a) => a.isDefault) || existing?.isDefault === true;
  if (isDefault) for (const address of customer.addresses) address.isDefault = false;
  const saved = { id, ...fields, isDefault };
  if (existing) Object.assign(existing, saved);
  else customer.addresses.push(saved);
  return saved;
}

/** Removes an address; a removed default passes to the newest one left. */
export function removeAddress(customer: CustomerState, id: number): void {
  const index = customer.addresses.findIndex((address) => address.id === id);
  const [removed] = customer.addresses.splice(index, 1);
  const newest = customer.addresses.reduce<AddressState | undefined>((a, b) => (a && a.id > b.id ? a : b), undefined);
  if (removed?.isDefault && newest) newest.isDefault = true;
}

/** Adds to a cart line (a new line is the newest), at most QUANTITY_LIMIT; answers the line's quantity. */
export function addToCart(customer: CustomerState, productId: number, quantity: number): number {
  const line = customer.cart.find((l) => l.productId === productId);
  if (line) {
    line.quantity = Math.min(line.quantity + quantity, QUANTITY_LIMIT);
    return line.quantity;
  }
  customer.cart.push({ productId, quantity: Math.min(quantity, QUANTITY_LIMIT) });
  return Math.min(quantity, QUANTITY_LIMIT);
}

/** Saves an id once (saving it again leaves it where it was); removes it. */
export function addOnce(list: number[], id: number): void {
  if (!list.includes(id)) list.push(id);
}

export function removeFrom<T>(list: T[], matches: (item: T) => boolean): void {
  const index = list.findIndex(matches);
  if (index >= 0) list.splice(index, 1);
}
