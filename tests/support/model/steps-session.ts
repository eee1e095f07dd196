import type { DataOf, Language } from '#api/common.ts';
import { customerLogin, customerLogout, customerRegister, customerSendEmail } from '#api/customer.ts';
import type { Answer } from './client.ts';
import { LIMITS, liveCustomer, login, type Model, newCustomer } from './model.ts';
import { ALL_AREAS } from './observe.ts';
import type { Shop } from './shop.ts';

// The steps a customer takes, each one call (registration two) of the contract. A step is prepared
import { actingCustomer, expectEqual, expectStatus, oneCall, type Prepared, Step } from './steps.ts';

// Sessions (steps.ts has what every step shares): logins, logouts and registrations.

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
