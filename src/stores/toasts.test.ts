import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { $toasts, dismissToast, showToast, TOAST_MS } from './toasts.ts';

describe('the toasts store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const toast of $toasts.get()) dismissToast(toast.id);
    vi.useRealTimers();
  });

  test('shows a toast until its time is up', () => {
    showToast('Added to your cart.', 'success');
    expect($toasts.get()).toEqual([{ id: expect.any(Number), message: 'Added to your cart.', kind: 'success' }]);
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  test('lets a toast be dismissed before its time', () => {
    const id = showToast('Something went wrong.', 'error');
    dismissToast(id);
    expect($toasts.get()).toEqual([]);
  });

  test('keeps the three newest toasts', () => {
    for (const n of [1, 2, 3, 4]) showToast(`toast ${n}`);
    expect($toasts.get().map((toast) => toast.message)).toEqual(['toast 2', 'toast 3', 'toast 4']);
  });
});
