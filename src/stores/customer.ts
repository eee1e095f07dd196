import { type CustomerInfo, customerInfo, customerLogin, customerLogout, customerUpdate } from '#api/customer.ts';
import { call } from './api-client.ts';
import { loadCart } from './cart.ts';
import { $customer } from './customer-info.ts';
import { loadFavourites } from './favourites.ts';
import { loadSavedArticles } from './saved-articles.ts';
import { $token, setToken } from './token.ts';

/** Resolves in a task of its own, so the work before and after it are two short tasks instead of one long one. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

let loading: { token: string; done: Promise<CustomerInfo | null> } | undefined;

/**
 * Starts the session of the stored token: the customer's info (errors hidden), then on success their
 * cart, favourites and saved articles. Calls for the same token share one run.
 */
export function loadCustomer(): Promise<CustomerInfo | null> {
  const token = $token.get();
  if (!token) return Promise.resolve(null);
  if (loading?.token === token) return loading.done;
  const done = (async () => {
    const info = await call(customerInfo, {}, { hideErrors: true });
    if (!info || $token.get() !== token) return null;
    $customer.set(info);
    // Each call starts in a task of its own: the three together are one long task on a slow phone.
    const loads: Promise<void>[] = [];
    for (const load of [loadCart, loadFavourites, loadSavedArticles]) {
      loads.push(load());
      await nextTask();
    }
    await Promise.all(loads);
    return info;
  })();
  loading = { token, done };
  return done;
}

/** Logs in with a username or email; the failure (wrong password, too many tries) is the form's to show. */
export async function login(account: string, password: string): Promise<void> {
  const token = await call(customerLogin, { account, password }, { reject: true });
  setToken(token);
}

/** Ends the session on the server and forgets it here (and in the other tabs) whatever the server says. */
export async function logout(): Promise<void> {
  await call(customerLogout, {}, { hideErrors: true });
  setToken(null);
}

/** Changes the name or contact number; failures come back to the form. */
export async function updateProfile(changes: { name?: string; contactNumber?: string }): Promise<CustomerInfo> {
  const info = await call(customerUpdate, changes, { reject: true });
  const customer = $customer.get();
  $customer.set(customer ? { ...customer, ...info } : info);
  return info;
}

// A new token (or none: logging out here, in another tab, or by a 401) starts over; customer-info.ts clears the customer.
$token.listen(() => {
  loading = undefined;
});
