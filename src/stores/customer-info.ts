import { atom } from 'nanostores';
import type { CustomerInfo } from '#api/customer.ts';
import { $token } from './token.ts';

// The logged-in customer on its own, without the code that loads it (customer.ts: the API client and the
// contract's schemas), so the account island can show it and hydrate before that code has run.

/** The logged-in customer; null for a visitor, or while the session is starting. */
export const $customer = atom<CustomerInfo | null>(null);

// Logging out (here, in another tab, or by a 401) clears the customer.
$token.listen((token) => {
  if (!token) $customer.set(null);
});
