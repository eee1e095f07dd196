import { atom } from 'nanostores';

/** The local storage key of the session token (SPEC section 3). */
const TOKEN_KEY = 'satoken';

function read(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_KEY) || null;
  } catch {
    // Storage can be switched off (private modes, strict cookie settings): then the session lives in this page only.
    return null;
  }
}

/** The session token sent as the `Satoken` header; null for a visitor. */
export const $token = atom<string | null>(read());

/** Stores (or, with null, forgets) the session token; other tabs follow through the `storage` event. */
export function setToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // See read(): the atom still holds the token for this page.
  }
  $token.set(token);
}

// A login or logout in another tab writes local storage; this tab follows it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY || event.key === null) $token.set(read());
  });
}
