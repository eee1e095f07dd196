// Starts Swagger UI on the API reference page (/api/docs, src/server/api-docs.ts), over the document the
// page names. Served from this server like Swagger UI itself: the page loads nothing from any other host.
const reference = document.getElementById('reference');

window.SwaggerUIBundle({
  url: reference.dataset.document,
  domNode: reference,
  // No badge from the validator's own site.
  validatorUrl: null,
  // A deep link would put a link inside each operation's button (axe: nested-interactive).
  deepLinking: false,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  displayOperationId: true,
  displayRequestDuration: true,
  // Its colours are too faint on their dark ground (axe: color-contrast): the examples stay plain text.
  syntaxHighlight: { activated: false },
  // The calls answer JSON: "Try it out" sends to this server, with the token given under "Authorize".
  persistAuthorization: false,
});

// Swagger UI draws some fields with no label (axe: select-name, label): the example pickers of a response,
// a parameter's or a form field's input under "Try it out" (named by its row), the JSON body's editor.
// Each is named here as it appears.
function nameOf(field) {
  const row = field.closest('tr[data-param-name], tr[data-property-name]');
  if (row) return row.dataset.paramName ?? row.dataset.propertyName;
  if (field.matches('.examples-select-element')) return 'Example';
  if (field.closest('.body-param')) return 'Request body (JSON)';
  return undefined;
}
// The same for Swagger UI's dialog (the Authorize one): not marked as a dialog (axe: region), a close button
// with no name, and submit buttons named otherwise than they read (button-name, label-content-name-mismatch).
function touchUp() {
  for (const dialog of reference.querySelectorAll('.modal-ux:not([role])')) {
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', dialog.querySelector('.modal-ux-header h3')?.textContent ?? 'Dialog');
  }
  for (const close of reference.querySelectorAll('button.close-modal:not([aria-label])'))
    close.setAttribute('aria-label', 'Close');
  for (const submit of reference.querySelectorAll('.auth-btn-wrapper button[aria-label]'))
    submit.removeAttribute('aria-label');
  for (const field of reference.querySelectorAll('select, input, textarea')) {
    if (field.hasAttribute('aria-label') || [...(field.labels ?? [])].some((label) => label.textContent.trim()))
      continue;
    const name = nameOf(field);
    if (name) field.setAttribute('aria-label', name);
  }
}
new MutationObserver(touchUp).observe(reference, { childList: true, subtree: true });
