import type { Hono } from 'hono';
import { addressesList, addressesRemove, addressesSave } from '#api/customer.ts';
import { listAddresses, removeAddress, saveAddress } from '../db/customers.ts';
import type { Db } from '../db/index.ts';
import { handleAuthed } from '../router.ts';

/** The customer's own addresses; another customer's address id answers 404 as if it did not exist. */
export function addressRoutes(app: Hono, db: Db): void {
  handleAuthed(app, db, addressesList, (_input, { customer }) => listAddresses(db, customer.id));
  handleAuthed(app, db, addressesSave, ({ language: _language, ...fields }, { customer }) =>
    db.transaction((tx) => saveAddress(tx, customer.id, fields)),
  );
  handleAuthed(app, db, addressesRemove, async ({ id }, { customer }) => {
    await db.transaction((tx) => removeAddress(tx, customer.id, id));
    return null;
  });
}
