import { closeOnBackdrop, keepTabInside } from './modal-dialog.ts';

// The phone's menu (header-narrow.css shows its button below 768 px): a modal <dialog> that borrows the header's own
// navigation while it is open. The bar (Products and Solutions as disclosures, Resource, About us, Inquire, Get
// expert advice) and the header's links (log in or account, cart, help, language) are moved into it on opening
// and back on closing, so every page carries that markup once; the desktop header never sees a difference.

/** Wires the header's `[data-menu-open]` button to its `[data-site-menu]` dialog; `onClose` runs after each close. */
export function setUpHeaderMenu(header: HTMLElement, onClose: () => void): void {
  const button = header.querySelector<HTMLButtonElement>('[data-menu-open]');
  const dialog = header.querySelector<HTMLDialogElement>('dialog[data-site-menu]');
  const sheet = dialog?.querySelector<HTMLElement>('[data-menu-sheet]');
  if (!button || !dialog || !sheet) return;
  const borrowed = [header.querySelector('.header-bar'), header.querySelector('.header-actions')].flatMap((node) =>
    node?.parentNode ? [{ node, parent: node.parentNode, next: node.nextSibling }] : [],
  );

  button.addEventListener('click', () => {
    for (const { node } of borrowed) sheet.append(node);
    dialog.showModal();
    button.setAttribute('aria-expanded', 'true');
  });
  dialog.addEventListener('close', () => {
    for (const { node, parent, next } of borrowed) parent.insertBefore(node, next);
    button.setAttribute('aria-expanded', 'false');
    onClose();
    button.focus();
  });
  dialog.querySelector('[data-menu-close]')?.addEventListener('click', () => dialog.close());
  // Log in and the visitor's cart open the login dialog: the menu closes first, so the login dialog opens on
  // the page and gives focus back to the menu button.
  dialog.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element).closest('[data-login], [data-cart-link]')) dialog.close();
    },
    { capture: true },
  );
  // A phone turned to landscape, or a window made wider, gets the desktop header back.
  matchMedia('(min-width: 768px)').addEventListener('change', (event) => {
    if (event.matches && dialog.open) dialog.close();
  });
  closeOnBackdrop(dialog);
  keepTabInside(dialog);
}
