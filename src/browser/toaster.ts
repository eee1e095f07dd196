import { $toasts, dismissToast } from '#stores/toasts.ts';

// The Toaster: renders $toasts into the page's `[data-toaster]` live region (Toaster.astro), each with a
// dismiss button; the store takes them away after a while.

/** Keeps the toaster's list in step with $toasts. */
export function startToaster(): void {
  const region = document.querySelector<HTMLElement>('[data-toaster]');
  if (!region) return;
  const label = region.dataset.dismissLabel ?? '×';
  $toasts.subscribe((toasts) => {
    const ids = new Set(toasts.map((toast) => String(toast.id)));
    for (const item of region.querySelectorAll<HTMLElement>('[data-toast-id]')) {
      if (!ids.has(item.dataset.toastId ?? '')) item.remove();
    }
    for (const toast of toasts) {
      if (region.querySelector(`[data-toast-id="${toast.id}"]`)) continue;
      const item = document.createElement('div');
      item.className = `toast ${toast.kind}`;
      item.dataset.toastId = String(toast.id);
      const text = document.createElement('p');
      text.textContent = toast.message;
      const close = document.createElement('button');
      close.type = 'button';
      close.className = 'toast-dismiss';
      close.setAttribute('aria-label', label);
      close.textContent = '×';
      close.addEventListener('click', () => dismissToast(toast.id));
      item.append(text, close);
      region.append(item);
    }
  });
}
