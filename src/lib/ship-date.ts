/** Days from order to shipment for an item in stock. */
const IN_STOCK_SHIP_DAYS = 2;

const DAY_MS = 86_400_000;

/** The ISO date `days` after the UTC day of `today`. */
function dateAfter(today: Date, days: number): string {
  const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days));
  return date.toISOString().slice(0, 10);
}

// Today's answers by number of days: a cart page asks for the same few dates on every line.
let memoDay = Number.NaN;
const memo = new Map<number, string>();

/**
 * The day an order placed `today` is expected to ship (ISO date): soon when the stock covers the
 * quantity, after the lead time otherwise. Ship dates may change with stock availability.
 */
export function shipDate(stock: number, leadTimeDays: number, quantity = 1, today?: Date): string {
  const days = stock >= quantity && stock > 0 ? IN_STOCK_SHIP_DAYS : leadTimeDays;
  if (today) return dateAfter(today, days);
  const now = Date.now();
  const day = Math.floor(now / DAY_MS);
  if (day !== memoDay) {
    memoDay = day;
    memo.clear();
  }
  let date = memo.get(days);
  if (date === undefined) {
    date = dateAfter(new Date(now), days);
    memo.set(days, date);
  }
  return date;
}
