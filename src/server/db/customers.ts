import type { Address, CustomerInfo } from '#api/customer.ts';
import { customerColumns, toCustomerInfo } from '../auth/session.ts';
import { ApiError } from '../errors.ts';
import type { Queryable } from './index.ts';

/** Whether a database error is a unique violation, and of which constraint. */
function uniqueViolation(error: unknown): string | undefined {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  return code === '23505' ? (constraint ?? '') : undefined;
}

/** Throws 409 when the username or the email is already registered (either case). */
export async function assertUnclaimed(db: Queryable, fields: { username?: string; email?: string }): Promise<void> {
  const [row] = await db.query<{ username_taken: boolean; email_taken: boolean }>(
    `select coalesce(bool_or(lower(username) = lower($1)), false) as username_taken,
            coalesce(bool_or(lower(email) = lower($2)), false) as email_taken
     from customer where lower(username) = lower($1) or lower(email) = lower($2)`,
    [fields.username ?? null, fields.email ?? null],
  );
  if (row?.username_taken) throw new ApiError(409, 'api.usernameTaken');
  if (row?.email_taken) throw new ApiError(409, 'api.emailTaken');
}

export interface NewCustomer {
  username: string;
  name: string;
  email: string;
  contactNumber: string;
  passwordHash: string;
}

/** Creates a customer; a username or email taken meanwhile answers 409 rather than a 500. */
export async function insertCustomer(db: Queryable, customer: NewCustomer): Promise<CustomerInfo> {
  try {
    const [row] = await db.query<Parameters<typeof toCustomerInfo>[0]>(
      `insert into customer as c (username, name, email, contact_number, password_hash) values ($1, $2, $3, $4, $5)
       returning ${customerColumns}`,
      [customer.username, customer.name, customer.email, customer.contactNumber, customer.passwordHash],
    );
    if (!row) throw new Error('insert into customer answered no row');
    return toCustomerInfo(row);
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'customer_username') throw new ApiError(409, 'api.usernameTaken');
    if (constraint !== undefined) throw new ApiError(409, 'api.emailTaken');
    throw error;
  }
}

/** The customer a login names, by username or email (either case), with the password hash. */
export async function findLogin(db: Queryable, account: string) {
  const [row] = await db.query<{ id: number; password_hash: string }>(
    'select id, password_hash from customer where lower(username) = lower($1) or lower(email) = lower($1) limit 1',
    [account],
  );
  return row;
}

/** Whether an account uses the email. */
export async function emailRegistered(db: Queryable, email: string): Promise<boolean> {
  const rows = await db.query('select 1 from customer where lower(email) = lower($1)', [email]);
  return rows.length > 0;
}

export async function updateCustomer(
  db: Queryable,
  id: number,
  changes: { name?: string | undefined; contactNumber?: string | undefined },
): Promise<CustomerInfo> {
  const [row] = await db.query<Parameters<typeof toCustomerInfo>[0]>(
    `update customer c set name = coalesce($2, name), contact_number = coalesce($3, contact_number), updated_at = now()
     where id = $1 returning ${customerColumns}`,
    [id, changes.name ?? null, changes.contactNumber ?? null],
  );
  if (!row) throw new ApiError(401, 'api.sessionInvalid');
  return toCustomerInfo(row);
}

/** Sets the password of the account using the email; answers its id, or undefined when none does. */
export async function setPasswordByEmail(db: Queryable, email: string, passwordHash: string) {
  const [row] = await db.query<{ id: number }>(
    'update customer set password_hash = $2, updated_at = now() where lower(email) = lower($1) returning id',
    [email, passwordHash],
  );
  return row?.id;
}

/** Replaces a password hash made otherwise than now (see needsRehash), unless it changed meanwhile. */
export async function replacePasswordHash(db: Queryable, id: number, old: string, passwordHash: string) {
  await db.query('update customer set password_hash = $3 where id = $1 and password_hash = $2', [
    id,
    old,
    passwordHash,
  ]);
}

// ---- addresses ----

interface AddressRow {
  id: number;
  name: string;
  contact_number: string;
  address: string;
  postal_code: string;
  country: string;
  is_default: boolean;
}

const addressColumns = 'id, name, contact_number, address, postal_code, country, is_default';

const toAddress = (row: AddressRow): Address => ({
  id: row.id,
  name: row.name,
  contactNumber: row.contact_number,
  address: row.address,
  postalCode: row.postal_code,
  country: row.country,
  isDefault: row.is_default,
});

/** The customer's addresses, the default first, then newest first. */
export async function listAddresses(db: Queryable, customerId: number): Promise<Address[]> {
  const rows = await db.query<AddressRow>(
    `select ${addressColumns} from address where customer_id = $1 order by is_default desc, id desc`,
    [customerId],
  );
  return rows.map(toAddress);
}

/** One of the customer's own addresses, or 404 (also for someone else's address). */
async function getAddress(db: Queryable, customerId: number, id: number): Promise<Address> {
  const [row] = await db.query<AddressRow>(`select ${addressColumns} from address where id = $1 and customer_id = $2`, [
    id,
    customerId,
  ]);
  if (!row) throw new ApiError(404, 'api.addressNotFound');
  return toAddress(row);
}

export interface AddressFields {
  id?: number | undefined;
  name: string;
  contactNumber: string;
  address: string;
  postalCode: string;
  country: string;
  isDefault: boolean;
}

/**
 * Makes the customer's address writes wait for each other, inside the caller's transaction: which
 * address is the default is decided across rows, so two writes at once could each find no default
 * and both insert one (a unique violation on PostgreSQL). `no key update` does not block the key-share
 * locks that inserts elsewhere referencing the customer take.
 */
async function lockAddresses(db: Queryable, customerId: number): Promise<void> {
  await db.query('select 1 from customer where id = $1 for no key update', [customerId]);
}

/**
 * Adds an address or edits one of the customer's own. A customer with addresses always has exactly one
 * default: the first address becomes it, and it only moves when another one is made the default.
 */
export async function saveAddress(db: Queryable, customerId: number, input: AddressFields): Promise<Address> {
  await lockAddresses(db, customerId);
  const [state] = await db.query<{ has_default: boolean; was_default: boolean }>(
    `select coalesce(bool_or(is_default), false) as has_default,
            coalesce(bool_or(is_default and id = $2), false) as was_default
     from address where customer_id = $1`,
    [customerId, input.id ?? null],
  );
  const isDefault = input.isDefault || !state?.has_default || state.was_default;
  if (input.id !== undefined) await getAddress(db, customerId, input.id);
  if (isDefault) {
    await db.query('update address set is_default = false where customer_id = $1 and is_default and id <> $2', [
      customerId,
      input.id ?? 0,
    ]);
  }
  const values = [input.name, input.contactNumber, input.address, input.postalCode, input.country, isDefault];
  const [row] =
    input.id === undefined
      ? await db.query<AddressRow>(
          `insert into address (customer_id, name, contact_number, address, postal_code, country, is_default)
           values ($1, $2, $3, $4, $5, $6, $7) returning ${addressColumns}`,
          [customerId, ...values],
        )
      : await db.query<AddressRow>(
          `update address set name = $3, contact_number = $4, address = $5, postal_code = $6, country = $7,
             is_default = $8, updated_at = now()
           where id = $1 and customer_id = $2 returning ${addressColumns}`,
          [input.id, customerId, ...values],
        );
  if (!row) throw new ApiError(404, 'api.addressNotFound');
  return toAddress(row);
}

/** Deletes one of the customer's own addresses (404 otherwise); a removed default passes to the newest. */
export async function removeAddress(db: Queryable, customerId: number, id: number): Promise<void> {
  await lockAddresses(db, customerId);
  const [removed] = await db.query<{ is_default: boolean }>(
    'delete from address where id = $1 and customer_id = $2 returning is_default',
    [id, customerId],
  );
  if (!removed) throw new ApiError(404, 'api.addressNotFound');
  if (removed.is_default) {
    await db.query(
      `update address set is_default = true
       where id = (select id from address where customer_id = $1 order by id desc limit 1)`,
      [customerId],
    );
  }
}
