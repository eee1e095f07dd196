import { atom } from 'nanostores';

export interface Toast {
  id: number;
  message: string;
  kind: 'success' | 'error' | 'info';
}

/** How long a toast stays before it goes by itself. */
export const TOAST_MS = 6000;
/** More than this many at once push the oldest out. */
const MAX_TOASTS = 3;

/** The site's one list of toasts; the Toaster (src/browser/toaster.ts) shows them. */
export const $toasts = atom<Toast[]>([]);

let lastId = 0;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Removes a toast (its dismiss button, or its time is up). */
export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/** Shows a message for TOAST_MS; returns its id. */
export function showToast(message: string, kind: Toast['kind'] = 'info', ms = TOAST_MS): number {
  const id = ++lastId;
  const list = [...$toasts.get(), { id, message, kind }];
  const dropped = list.slice(0, Math.max(0, list.length - MAX_TOASTS));
  for (const old of dropped) {
    clearTimeout(timers.get(old.id));
    timers.delete(old.id);
  }
  $toasts.set(list.slice(dropped.length));
  timers.set(
    id,
    setTimeout(() => dismissToast(id), ms),
  );
  return id;
}

const CARRY_KEY = 'toasts';

/** Keeps the toasts on screen for the next page (a form that navigates when it is done). */
export function carryToasts(): void {
  try {
    sessionStorage.setItem(CARRY_KEY, JSON.stringify($toasts.get().map(({ message, kind }) => ({ message, kind }))));
  } catch {
    // Without storage the toast is lost with the page; the next page shows the result anyway.
  }
}

/** Shows the toasts a previous page carried over. */
export function restoreToasts(): void {
  try {
    const carried = JSON.parse(sessionStorage.getItem(CARRY_KEY) ?? '[]') as Pick<Toast, 'message' | 'kind'>[];
    sessionStorage.removeItem(CARRY_KEY);
    for (const { message, kind } of carried) showToast(message, kind);
  } catch {
    // Nothing carried, or storage is off.
  }
}
