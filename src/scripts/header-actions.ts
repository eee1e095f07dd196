import { openLogin } from '../lib/events.ts';

// Log in and cart in the header. Without a session both ask the visitor to log in (SPEC section 6).

/** Whether a session token is stored; the session store will own this once accounts exist. */
function hasSession(): boolean {
  try {
    return Boolean(localStorage.getItem('satoken'));
  } catch {
    return false;
  }
}

/** Opens the login dialog from the header's Log in button, and from the cart link for visitors. */
export function setUpHeaderActions(header: HTMLElement): void {
  for (const button of header.querySelectorAll<HTMLElement>('[data-login]')) {
    button.addEventListener('click', () => openLogin({ reason: 'login' }));
  }
  for (const cart of header.querySelectorAll<HTMLAnchorElement>('[data-cart-link]')) {
    cart.addEventListener('click', (event) => {
      if (hasSession()) return;
      event.preventDefault();
      openLogin({ reason: 'cart' });
    });
  }
}
