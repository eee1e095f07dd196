import { openLogin } from '#lib/events.ts';
import { createApiClient } from '#lib/http.ts';
import { $locale } from './locale.ts';
import { showToast } from './toasts.ts';
import { $token, setToken } from './token.ts';

// The site's one HTTP client (src/lib/http.ts), made from the stores: it sends the stored token and the page's
// language, shows failures as error toasts, and on a 401 forgets the token and opens the login dialog.
// Every store and island calls the API through this `call`.

export const { call } = createApiClient({
  token: () => $token.get(),
  forgetToken: () => setToken(null),
  locale: () => $locale.get(),
  showError: (message) => showToast(message, 'error'),
  openLogin: () => openLogin({ stay: true }),
});
