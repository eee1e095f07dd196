// Messages of a plain (non-React) form: each next to its field, wired with aria-invalid and aria-describedby,
// and one summary in the form's `[data-form-error]` alert. Ids follow `${prefix}-${field}` and `…-error`.

/** Shows `errors` (field name to message) and the summary; empty errors and no summary clear the form. */
export function showFieldErrors(
  form: HTMLFormElement,
  prefix: string,
  fields: readonly string[],
  errors: Record<string, string>,
  summary = '',
): void {
  let first: HTMLElement | undefined;
  for (const field of fields) {
    const input = form.querySelector<HTMLInputElement>(`#${prefix}-${field}`);
    const slot = form.querySelector<HTMLElement>(`#${prefix}-${field}-error`);
    const message = errors[field] ?? '';
    if (slot) slot.textContent = message;
    if (!input) continue;
    if (message) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', `${prefix}-${field}-error`);
      first ??= input;
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
  }
  const alert = form.querySelector<HTMLElement>('[data-form-error]');
  if (alert) alert.textContent = summary;
  first?.focus();
}
