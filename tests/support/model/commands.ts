import fc from 'fast-check';
import type { Language } from '#api/common.ts';
import type { Model } from './model.ts';
import { SLOTS } from './model.ts';
import { differences, observe, type Touch } from './observe.ts';
import { ARTICLE_POOL, PRODUCT_POOL, type Shop } from './shop.ts';
import { type AddressRef, type IdRef, Mismatch, type Step } from './steps.ts';
import { type AddressInput, AddressRemove, AddressSave, Info, Update } from './steps-account.ts';
import { type AccountForm, Login, Logout, Register, type Registration } from './steps-session.ts';
import { Browse, CartAdd, CartChange, CartRemove, OrderSubmit, Save } from './steps-shop.ts';
import { count } from './tally.ts';

// The commands fast-check strings together: one step, or two steps sent at once (two devices of one
// customer, or two tabs sharing a session), whose answers and state must match one order or the other.

/** Reads what the touches name and fails on any difference from the model. */
async function verify(shop: Shop, model: Model, touches: Touch[], after: string): Promise<void> {
  const problems = differences(shop, model, await observe(shop, model, touches));
  if (problems.length > 0) throw new Mismatch(`after ${after}:\n  ${problems.join('\n  ')}`);
}

export class Alone implements fc.AsyncCommand<Model, Shop> {
  readonly step: Step;

  constructor(step: Step) {
    this.step = step;
  }

  check(): boolean {
    return true;
  }

  async run(model: Model, shop: Shop): Promise<void> {
    const prepared = this.step.prepare(model, shop);
    await prepared.send();
    count(shop.tally, this.step.name, prepared.statuses());
    if (shop.tally) shop.tally.steps++;
    const touch = prepared.expect(model, false);
    await verify(shop, model, [touch], String(this.step));
  }

  toString(): string {
    return String(this.step);
  }
}

class Together implements fc.AsyncCommand<Model, Shop> {
  readonly steps: [Step, Step];

  constructor(steps: [Step, Step]) {
    this.steps = steps;
  }

  check(): boolean {
    return true;
  }

  async run(model: Model, shop: Shop): Promise<void> {
    const prepared = this.steps.map((step) => step.prepare(model, shop));
    await Promise.all(prepared.map((p) => p.send()));
    this.steps.forEach((step, i) => void count(shop.tally, step.name, prepared[i]?.statuses() ?? []));
    if (shop.tally) {
      shop.tally.steps++;
      shop.tally.together++;
    }
    // Each order the two could have taken gives a model, if the answers fit it.
    const fits: { model: Model; touches: Touch[] }[] = [];
    const misfits: string[] = [];
    for (const order of [
      [0, 1],
      [1, 0],
    ]) {
      const candidate = structuredClone(model);
      try {
        fits.push({ model: candidate, touches: order.map((i) => prepared[i]?.expect(candidate, true) ?? {}) });
      } catch (error) {
        if (!(error instanceof Mismatch)) throw error;
        misfits.push(`  in the order ${order.map((i) => this.steps[i]).join(' then ')}: ${error.message}`);
      }
    }
    if (fits.length === 0) throw new Mismatch(`neither order explains the answers of ${this}:\n${misfits.join('\n')}`);
    const observation = await observe(
      shop,
      (fits[0] as (typeof fits)[number]).model,
      fits.flatMap((fit) => fit.touches),
    );
    for (const fit of fits) {
      const problems = differences(shop, fit.model, observation);
      if (problems.length === 0) {
        Object.assign(model, fit.model);
        return;
      }
      misfits.push(`  the state after the answers fit one order: ${problems.join('; ')}`);
    }
    throw new Mismatch(`neither order explains the state after ${this}:\n${misfits.join('\n')}`);
  }

  toString(): string {
    return `together(${this.steps.join(', ')})`;
  }
}

// ---- the arbitraries ----

const language = fc.constantFrom<Language>('en', 'zh');

const idRef = (pool: number): fc.Arbitrary<IdRef> =>
  fc.oneof(
    { weight: 8, arbitrary: fc.nat(pool - 1).map((index) => ({ kind: 'pool' as const, index })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'unknown' as const }) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom<unknown>(0, -1, 1.5, '7', null, 2_147_483_648)
        .map((value) => ({ kind: 'invalid' as const, value })),
    },
  );

const addressRef: fc.Arbitrary<AddressRef> = fc.oneof(
  { weight: 6, arbitrary: fc.nat(4).map((index) => ({ kind: 'own' as const, index })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'other' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'unknown' as const }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(0, 'x', -3).map((value) => ({ kind: 'invalid' as const, value })),
  },
);

/** Quantities: good ones (the limit among them), and ones the contract refuses. */
const quantity = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<unknown>(1, 2, 3, 10, 500, 998, 999) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(0, -1, 1000, 2.5, '2', null) },
);

const addressFields = fc.record(
  {
    name: fc.constantFrom('Ada Lovelace', ' 张 伟 ', 'Dr. Grace Hopper'),
    contactNumber: fc.constantFrom('+65 6123 4567', '(010) 6275-1234'),
    address: fc.constantFrom('1 Fusionopolis Way, #20-10', '北京市海淀区中关村大街 27 号', '  Lab 3, Science Park  '),
    postalCode: fc.constantFrom(undefined, '', '119276', ' 100080 '),
    country: fc.constantFrom('Singapore', '中国', 'United Kingdom'),
  },
  { requiredKeys: ['name', 'contactNumber', 'address', 'country'] },
);

/** One field spoilt: empty, blank, not a phone number, missing, a control character, too long, not text. */
const spoilt = fc.constantFrom<[string, unknown]>(
  ['name', ''],
  ['name', '   '],
  ['contactNumber', 'call me'],
  ['country', undefined],
  ['address', 'line\u0000two'],
  ['postalCode', 'x'.repeat(21)],
  ['name', 42],
);

const addressInput: fc.Arbitrary<AddressInput> = fc.oneof(
  { weight: 6, arbitrary: addressFields.map((fields) => ({ fields, valid: true })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(addressFields, spoilt)
      .map(([fields, [key, value]]) => ({ fields: { ...fields, [key]: value }, valid: false })),
  },
);

const remark = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .constantFrom<unknown>(undefined, '', 'Please quote.', '  Deliver to lab 3  ', 'Line one\nline two\tindented')
      .map((value) => ({ value, valid: true })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>('bell\u0007', 'x'.repeat(1001), 42).map((value) => ({ value, valid: false })),
  },
);

const pageNumber = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 1, max: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(0, 1000, 1.5, '1') },
);

const update = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record(
        {
          name: fc.constantFrom('Dr. Ada', ' 王 五 '),
          contactNumber: fc.constantFrom('+86 10 6275 1234', '+44 20 7946 0000'),
        },
        { requiredKeys: [] },
      )
      .map((fields) => ({ fields, valid: true })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom<Record<string, unknown>>({ name: '' }, { contactNumber: 'n/a' }, { name: 'x'.repeat(101) })
      .map((fields) => ({ fields, valid: false })),
  },
);

const registration: fc.Arbitrary<Registration> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'new' as const }) },
  {
    weight: 1,
    arbitrary: fc
      .record({ customer: fc.nat(2), upper: fc.boolean() })
      .map((r) => ({ kind: 'taken username' as const, ...r })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'wrong code' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'bad form' as const }) },
);

/** A step of one browser session, in slot `slot`; without logins when `logins` is false. */
function step(slot: fc.Arbitrary<number>, logins = true): fc.Arbitrary<Step> {
  const product = idRef(PRODUCT_POOL);
  const steps: fc.WeightedArbitrary<Step>[] = [
    {
      weight: 8,
      arbitrary: fc
        .tuple(slot, language, product, fc.option(quantity, { nil: undefined, freq: 4 }))
        .map((a) => new CartAdd(...a)),
    },
    { weight: 4, arbitrary: fc.tuple(slot, language, product, quantity).map((a) => new CartChange(...a)) },
    { weight: 3, arbitrary: fc.tuple(slot, language, product).map((a) => new CartRemove(...a)) },
    {
      weight: 4,
      arbitrary: fc.tuple(slot, language, product).map(([s, l, p]) => new Save(s, l, 'favourite', p, false)),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(slot, language, product).map(([s, l, p]) => new Save(s, l, 'favourite', p, true)),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(slot, language, idRef(ARTICLE_POOL))
        .map(([s, l, a]) => new Save(s, l, 'saved article', a, false)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(slot, language, idRef(ARTICLE_POOL))
        .map(([s, l, a]) => new Save(s, l, 'saved article', a, true)),
    },
    {
      weight: 5,
      arbitrary: fc
        .tuple(
          slot,
          language,
          fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: addressRef }),
          addressInput,
          fc.constantFrom(undefined, true, false),
        )
        .map((a) => new AddressSave(...a)),
    },
    { weight: 2, arbitrary: fc.tuple(slot, language, addressRef).map((a) => new AddressRemove(...a)) },
    { weight: 4, arbitrary: fc.tuple(slot, language, addressRef, remark).map((a) => new OrderSubmit(...a)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          slot,
          language,
          fc.constantFrom('cart' as const, 'favourites' as const, 'savedArticles' as const, 'orders' as const),
          pageNumber,
          pageNumber,
        )
        .map((a) => new Browse(...a)),
    },
    { weight: 1, arbitrary: fc.tuple(slot, language).map((a) => new Info(...a)) },
    { weight: 1, arbitrary: fc.tuple(slot, language, update).map(([s, l, u]) => new Update(s, l, u.fields, u.valid)) },
    { weight: 1, arbitrary: fc.tuple(slot, language).map((a) => new Logout(...a)) },
  ];
  if (logins)
    steps.push({
      weight: 2,
      arbitrary: fc
        .tuple(
          slot,
          language,
          fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(2) }),
          fc.constantFrom<AccountForm>('username', 'email', 'EMAIL'),
          fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
        )
        .map((a) => new Login(...a)),
    });
  return fc.oneof(...steps);
}

/** Mostly the first session, which every run starts logged in. */
const anySlot = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(SLOTS - 1) });

/** The commands of a run: steps one at a time, registrations, and pairs of steps at once. */
export function commandsOf(options: { maxCommands: number; replayPath?: string | undefined }) {
  const command: fc.Arbitrary<fc.AsyncCommand<Model, Shop>> = fc.oneof(
    { weight: 40, arbitrary: step(anySlot).map((s) => new Alone(s)) },
    { weight: 2, arbitrary: fc.tuple(language, registration).map(([l, r]) => new Alone(new Register(l, r))) },
    {
      weight: 8,
      arbitrary: fc
        .oneof(
          // Two sessions (devices), slot 0 and slot 1, or two tabs of one session: both in slot 0.
          fc.tuple(step(fc.constant(0)), step(fc.constant(1))),
          fc.tuple(step(fc.constant(0), false), step(fc.constant(0), false)),
        )
        .map((steps) => new Together(steps)),
    },
  );
  return fc.commands([command], {
    maxCommands: options.maxCommands,
    size: 'medium',
    ...(options.replayPath ? { replayPath: options.replayPath } : {}),
  });
}
