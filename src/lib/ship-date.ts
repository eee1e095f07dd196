/** Days from order to shipment for an item in stock. */
export const IN_STOCK_SHIP_DAYS = 2;

/**
 * The day an order placed `today` is expected to ship (ISO date): soon when the stock covers the
 * quantity, after the lead time otherwise. Ship dates may change with stock availability.
 */
export function shipDate(stock: number, leadTimeDays: number, quantity = 1, today = new Date()): string {
  const days = stock >= quantity && stock > 0 ? IN_STOCK_SHIP_DAYS : leadTimeDays;
  const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days));
  return date.toISOString().slice(0, 10);
}
