import type { CustomerInfo } from '#api/customer.ts';
import type { Queryable } from '../db/index.ts';
import { newToken, sha256 } from './token.ts';

/** Whose session a request carries. */
export interface SessionCustomer {
  /** The customer's id. */
  id: number;
  /** The stored hash of the request's token, to revoke this session alone. */
  tokenHash: string;
}

interface CustomerRow {
  id: number;
  username: string;
  name: string;
  email: string;
  contact_number: string;
  created_at: string | Date;
}

/** The columns of CustomerInfo, from a query over `customer c`. */
export const customerColumns = 'c.id, c.username, c.name, c.email, c.contact_number, c.created_at';

export function toCustomerInfo(row: CustomerRow): CustomerInfo {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    contactNumber: row.contact_number,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Starts a session for the customer; answers the token, which only the caller ever sees. */
export async function createSession(db: Queryable, customerId: number, days: number): Promise<string> {
  const token = newToken();
  await db.query(
    `insert into session (token_hash, customer_id, expires_at) values ($1, $2, now() + $3 * interval '1 day')`,
    [sha256(token), customerId, days],
  );
  return token;
}

/**
 * The customer of a live session (not expired, not revoked), or undefined. One primary-key lookup:
 * every authed call pays for it, so it reads the session alone; calls that need more of the customer
 * ask getCustomerInfo.
 */
export async function findSession(db: Queryable, token: string): Promise<SessionCustomer | undefined> {
  const tokenHash = sha256(token);
  const [row] = await db.query<{ customer_id: number }>(
    'select customer_id from session where token_hash = $1 and revoked_at is null and expires_at > now()',
    [tokenHash],
  );
  return row ? { id: row.customer_id, tokenHash } : undefined;
}

export async function getCustomerInfo(db: Queryable, id: number): Promise<CustomerInfo> {
  const [row] = await db.query<CustomerRow>(`select ${customerColumns} from customer c where c.id = $1`, [id]);
  if (!row) throw new Error(`customer ${id} has a session but no record`);
  return toCustomerInfo(row);
}

export async function revokeSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('update session set revoked_at = now() where token_hash = $1 and revoked_at is null', [tokenHash]);
}

/** Ends every session of a customer (password reset). */
export async function revokeAllSessions(db: Queryable, customerId: number): Promise<void> {
  await db.query('update session set revoked_at = now() where customer_id = $1 and revoked_at is null', [customerId]);
}
