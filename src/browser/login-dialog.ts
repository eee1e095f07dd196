import { OPEN_LOGIN, type OpenLoginDetail } from '#lib/events.ts';
import { closeOnBackdrop, keepTabInside } from './modal-dialog.ts';

// The login dialog (LoginDialog.astro) is a native modal <dialog>: showModal() makes the rest of the page
// inert and Escape closes it. Here: open it on OPEN_LOGIN, keep Tab inside it, and give focus back. The form's
// code (validation, the API client) is loaded only when the dialog first opens: most visitors never log in.

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

  closeOnBackdrop(dialog);
  keepTabInside(dialog);
}
