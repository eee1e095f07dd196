import { atom } from 'nanostores';
import { MAX_PAGE_SIZE } from '#api/common.ts';
import { type Order, orderPage, orderSubmit } from '#api/shop.ts';
import { t } from '#i18n/index.ts';
import { call } from './api-client.ts';
import { clearCart } from './cart.ts';
import { $locale } from './locale.ts';
import { showToast } from './toasts.ts';
import { $token } from './token.ts';

/** The customer's orders, newest first; null until loaded. */
export const $orders = atom<Order[] | null>(null);

export async function loadOrders(): Promise<void> {
  const page = await call(orderPage, { pageNum: 1, pageSize: MAX_PAGE_SIZE });
  if (page) $orders.set(page.records);
}

/** Submits the cart as an order request to one of the customer's addresses; the cart is empty after. */
export async function submitOrder(addressId: number, remark: string): Promise<Order | undefined> {
  const order = await call(orderSubmit, { addressId, remark });
  if (!order) return undefined;
  clearCart();
  $orders.set([order, ...($orders.get() ?? [])]);
  showToast(t($locale.get(), 'toast.orderSubmitted', { orderNo: order.orderNo }), 'success');
  return order;
}

$token.listen((token) => {
  if (!token) $orders.set(null);
});
