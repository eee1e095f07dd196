import { $toasts } from '#stores/toasts.ts';
import { $token } from '#stores/token.ts';

// What every page does about the session, kept small because every page loads it: follow the token (also
// when another tab logs in or out), and load the customer's code only when there is a customer.

/** Marks `<html data-session>` while a token is stored and starts the customer's side of the page. */
export function followSession(): void {
  $token.subscribe((token) => {
    document.documentElement.toggleAttribute('data-session', Boolean(token));
    if (token) void import('./customer.ts').then((module) => module.startCustomer());
  });
  // The toaster's code arrives with the first toast; its live region is in the page already.
  const unlisten = $toasts.listen(() => {
    unlisten();
    void import('./toaster.ts').then((module) => module.startToaster());
  });
}
