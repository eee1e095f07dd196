/** The window event that opens the login dialog (visitors clicking login, cart, add to cart, favourite, save). */
export const OPEN_LOGIN = 'storefront:open-login';

export interface OpenLoginDetail {
  /** Stay on this page after logging in instead of going to /account. */
  stay?: boolean;
  /** What the visitor was doing, e.g. 'cart', 'favourite'; the dialog may say why it opened. */
  reason?: 'login' | 'cart' | 'favourite' | 'save-article' | 'quick-order';
}

/** Asks the login dialog to open. */
export function openLogin(detail: OpenLoginDetail = {}): void {
  window.dispatchEvent(new CustomEvent<OpenLoginDetail>(OPEN_LOGIN, { detail }));
}
