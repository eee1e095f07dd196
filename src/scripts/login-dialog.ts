import { OPEN_LOGIN, type OpenLoginDetail } from '../lib/events.ts';

// The login dialog (LoginDialog.astro) is a native modal <dialog>: showModal() makes the rest of the page
// inert and Escape closes it. Here: open it on OPEN_LOGIN, keep Tab inside it, and give focus back. The form's
// code (validation, the API client) is loaded only when the dialog first opens: most visitors never log in.

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]';

/** The data attribute on the dialog holding the sentence for a reason, e.g. `reasonSaveArticle`. */
const reasonKey = (reason: string) => `reason${reason.replace(/(^|-)(\w)/g, (_, _dash, c: string) => c.toUpperCase())}`;

const loadForm = () => import('./login-form.ts');

/** Opens the page's `[data-login-dialog]` whenever the OPEN_LOGIN event is dispatched on window. */
export function setUpLoginDialog(): void {
  const dialog = document.querySelector<HTMLDialogElement>('dialog[data-login-dialog]');
  const form = dialog?.querySelector<HTMLFormElement>('form[data-login-form]');
  if (!dialog || !form) return;
  const reasonText = dialog.querySelector<HTMLElement>('[data-login-reason]');
  let opener: HTMLElement | null = null;
  let stay = false;

  window.addEventListener(OPEN_LOGIN, (event) => {
    if (dialog.open) return;
    const detail = (event as CustomEvent<OpenLoginDetail>).detail ?? {};
    const sentence = detail.reason ? dialog.dataset[reasonKey(detail.reason)] : undefined;
    if (reasonText) {
      reasonText.textContent = sentence ?? '';
      reasonText.hidden = !sentence;
    }
    stay = detail.stay === true;
    opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    void loadForm().then((module) => module.resetLoginForm(form));
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void loadForm().then((module) => module.submitLogin(form, { stay, done: () => dialog.close() }));
  });
  dialog.querySelector('[data-login-close]')?.addEventListener('click', () => dialog.close());

  dialog.addEventListener('close', () => {
    opener?.focus();
    opener = null;
  });

  // A click on the backdrop (outside the dialog's box) closes it.
  dialog.addEventListener('click', (event) => {
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) dialog.close();
  });

  // Tab and Shift+Tab wrap around inside the dialog instead of leaving for the browser's own controls.
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
}
