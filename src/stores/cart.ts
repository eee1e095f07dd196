import { atom, computed } from 'nanostores';
import { MAX_PAGE_SIZE } from '#api/common.ts';
import { type CartLine, cartDelete, cartPage, cartSave, cartUpdate } from '#api/shop.ts';
import { t } from '#i18n/index.ts';
import { call } from './api-client.ts';
import { $locale } from './locale.ts';
import { showToast } from './toasts.ts';
import { $token } from './token.ts';

/** The customer's cart lines, newest first; one line per product. */
export const $cart = atom<CartLine[]>([]);

/** The header's count: how many products are in the cart. */
export const $cartCount = computed($cart, (lines) => lines.length);

/** The lines with `line` put in place of the product's line, or first when the product is new to the cart. */
export function withLine(lines: CartLine[], line: CartLine): CartLine[] {
  return lines.some((l) => l.productId === line.productId)
    ? lines.map((l) => (l.productId === line.productId ? line : l))
    : [line, ...lines];
}

/** The sum of the lines, per currency (one entry when, as usual, all prices are in one currency). */
export function cartTotals(lines: CartLine[]): { currency: string; total: number }[] {
  const sums = new Map<string, number>();
  for (const line of lines) sums.set(line.currency, (sums.get(line.currency) ?? 0) + line.total);
  return [...sums].map(([currency, total]) => ({ currency, total: Math.round(total * 100) / 100 }));
}

/** Loads every line of the cart. */
export async function loadCart(): Promise<void> {
  const page = await call(cartPage, { pageNum: 1, pageSize: MAX_PAGE_SIZE });
  if (page) $cart.set(page.records);
}

/** Adds a quantity of a product (the server adds it to a line already there); true when it worked. */
export async function addToCart(productId: number, quantity = 1): Promise<boolean> {
  const line = await call(cartSave, { productId, quantity });
  if (!line) return false;
  $cart.set(withLine($cart.get(), line));
  showToast(t($locale.get(), 'toast.addCartSuccess'), 'success');
  return true;
}

/** Sets the quantity of a line. */
export async function setCartQuantity(productId: number, quantity: number): Promise<boolean> {
  const line = await call(cartUpdate, { productId, quantity });
  if (!line) return false;
  $cart.set(withLine($cart.get(), line));
  return true;
}

/** Removes a product's line. */
export async function removeFromCart(productId: number): Promise<boolean> {
  const done = await call(cartDelete, { productId });
  if (done === undefined) return false;
  $cart.set($cart.get().filter((line) => line.productId !== productId));
  showToast(t($locale.get(), 'toast.removeCartSuccess'), 'success');
  return true;
}

/** Empties the cart here (the server emptied it when an order was submitted). */
export const clearCart = (): void => $cart.set([]);

$token.listen((token) => {
  if (!token) clearCart();
});
