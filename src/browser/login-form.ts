import * as v from 'valibot';
import { LoginRequest } from '#api/customer.ts';
import { localePath, t } from '#i18n/index.ts';
import { fieldErrors } from '#i18n/validation.ts';
import { ApiError } from '#lib/api-error.ts';
import { loadCustomer, login } from '#stores/customer.ts';
import { $locale } from '#stores/locale.ts';
import { showFieldErrors } from './form-errors.ts';

// The login dialog's form (LoginDialog.astro), loaded when the dialog first opens.

const FIELDS = ['account', 'password'] as const;

/** Clears what a previous attempt left: messages and the password. */
export function resetLoginForm(form: HTMLFormElement): void {
  showFieldErrors(form, 'login', FIELDS, {});
  const password = form.elements.namedItem('password');
  if (password instanceof HTMLInputElement) password.value = '';
}

let busy = false;

/**
 * Checks the form, logs in, then goes to the account (or, with `stay`, loads the customer's data and closes
 * the dialog). Errors are shown in the form, in the page's language.
 */
export async function submitLogin(form: HTMLFormElement, { stay, done }: { stay: boolean; done: () => void }) {
  if (busy) return;
  const locale = $locale.get();
  const data = new FormData(form);
  const values = { account: String(data.get('account') ?? ''), password: String(data.get('password') ?? '') };
  const result = v.safeParse(LoginRequest, values);
  if (!result.success) {
    showFieldErrors(form, 'login', FIELDS, fieldErrors(result.issues, locale), t(locale, 'validation.required'));
    return;
  }
  showFieldErrors(form, 'login', FIELDS, {});
  const submit = form.querySelector<HTMLButtonElement>('[data-login-submit]');
  busy = true;
  submit?.setAttribute('aria-disabled', 'true');
  try {
    await login(result.output.account, result.output.password);
    if (stay) {
      await loadCustomer();
      done();
    } else {
      location.assign(localePath(locale, '/account'));
    }
  } catch (error) {
    const message = error instanceof ApiError ? error.message : t(locale, 'toast.unexpected');
    showFieldErrors(form, 'login', FIELDS, {}, message);
  } finally {
    busy = false;
    submit?.removeAttribute('aria-disabled');
  }
}
