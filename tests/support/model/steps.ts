import { isDeepStrictEqual } from 'node:util';
import type { Call, DataOf, Language } from '#api/common.ts';
import type { Answer } from './client.ts';
import { liveCustomer, type Model, QUANTITY_LIMIT } from './model.ts';
import type { Touch } from './observe.ts';
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

export const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 2_147_483_647;

export const isQuantity = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= QUANTITY_LIMIT;

export const describe = (value: unknown) => (value === undefined ? 'absent' : JSON.stringify(value));
export const describeRef = (ref: IdRef | AddressRef) =>
  ref.kind === 'pool' || ref.kind === 'own'
    ? `${ref.kind} #${ref.index}`
    : ref.kind === 'invalid'
      ? describe(ref.value)
      : ref.kind;

export function resolveId(ref: IdRef, pool: number[]): unknown {
  if (ref.kind === 'pool') return pool[ref.index % pool.length];
  return ref.kind === 'unknown' ? UNKNOWN_ID : ref.value;
}

export function resolveAddress(ref: AddressRef, model: Readonly<Model>, slot: number): unknown {
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

export function expectStatus(answer: Answer | undefined, expected: number, step: Step): asserts answer is Answer {
  if (!answer) throw new Mismatch(`${step}: no answer`);
  if (answer.status !== expected)
    throw new Mismatch(
      `${step}: the model expects ${expected}, the API answered ${answer.status} (${answer.msg})${answer.status === 200 ? ` ${JSON.stringify(answer.data)}` : ''}`,
    );
}

export function expectEqual(got: unknown, expected: unknown, what: string, step: Step): void {
  if (!isDeepStrictEqual(got, expected))
    throw new Mismatch(`${step}: ${what} is ${JSON.stringify(got)}, the model has ${JSON.stringify(expected)}`);
}

/** The acting customer, or undefined after checking that the answer is 401 (no live session). */
export function actingCustomer(model: Model, step: Step, answer: Answer | undefined): number | undefined {
  const customer = liveCustomer(model, step.slot);
  if (customer === undefined) expectStatus(answer, 401, step);
  return customer;
}

/** One call with the slot's token; `check` gets the answer when it is back. */
export function oneCall<C extends Call>(
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
