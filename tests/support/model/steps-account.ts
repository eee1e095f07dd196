import type { Language } from '#api/common.ts';
import { addressesRemove, addressesSave, customerInfo, customerUpdate } from '#api/customer.ts';
import { type AddressFields, customerAt, type Model, removeAddress, saveAddress } from './model.ts';
import type { Touch } from './observe.ts';
import type { Shop } from './shop.ts';

// The steps a customer takes, each one call (registration two) of the contract. A step is prepared
import {
  type AddressRef,
  actingCustomer,
  describe,
  describeRef,
  expectEqual,
  expectStatus,
  isId,
  Mismatch,
  oneCall,
  type Prepared,
  resolveAddress,
  Step,
} from './steps.ts';

// The account's steps (steps.ts has what every step shares): addresses and the profile.

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
