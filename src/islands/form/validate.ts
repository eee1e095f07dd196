import * as v from 'valibot';
import { passwordsMatch } from '#api/fields.ts';
import type { Locale } from '#i18n/index.ts';
import { fieldErrors } from '#i18n/validation.ts';

/** The first message per field for `values` against a shared schema, in the page's language. */
export function errorsOf(schema: v.GenericSchema, values: unknown, locale: Locale): Record<string, string> {
  const result = v.safeParse(schema, values);
  return result.success ? {} : fieldErrors(result.issues, locale);
}

const Passwords = v.pipe(
  v.object({ password: v.string(), confirmPassword: v.string() }),
  passwordsMatch<{ password: string; confirmPassword: string }>(),
);

/**
 * Like errorsOf, and says 'Password not consistent' as soon as both passwords are typed: the shared schema's
 * check only runs once every other field is valid.
 */
export function errorsWithPasswords<T extends { password: string; confirmPassword: string }>(
  schema: v.GenericSchema,
  values: T,
  locale: Locale,
): Record<string, string> {
  const errors = errorsOf(schema, values, locale);
  if (!errors.confirmPassword && values.confirmPassword) {
    const mismatch = errorsOf(Passwords, values, locale).confirmPassword;
    if (mismatch) errors.confirmPassword = mismatch;
  }
  return errors;
}

/**
 * Focuses the first invalid input of a form once React has shown the messages. An update made in an
 * event handler is on the page by the next frame; one made outside it (a submit held back until the form
 * hydrated, sent from an effect) may take a few frames more, so look again for up to ten.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, frames = 10): void {
  requestAnimationFrame(() => {
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (first) first.focus();
    else if (frames > 1) focusFirstInvalid(form, frames - 1);
  });
}
