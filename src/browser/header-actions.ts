import { openLogin } from '#lib/events.ts';
import { $token } from '#stores/token.ts';

// Log in and cart in the header. Without a session both ask the visitor to log in (SPEC section 6); with one,
// the header shows the account link and the cart link goes to the cart (src/browser/session.ts).

/** Opens the login dialog from the header's Log in button, and from the cart link for visitors. */
export function setUpHeaderActions(header: HTMLElement): void {
  for (const button of header.querySelectorAll<HTMLElement>('[data-login]')) {
    button.addEventListener('click', () => openLogin({ reason: 'login' }));
  }
  for (const cart of header.querySelectorAll<HTMLAnchorElement>('[data-cart-link]')) {
    cart.addEventListener('click', (event) => {
      if ($token.get()) return;
      event.preventDefault();
      openLogin({ reason: 'cart' });
    });
  }
}
