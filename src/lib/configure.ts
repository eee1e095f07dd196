import type { ProductDetail } from '#api/product.ts';

// The arithmetic of the product page's "configure now" panel, shared by its build-time markup
// (src/components/ConfigureNow.astro) and its script in the browser (src/browser/configure-now.ts).

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 999;

type Option = ProductDetail['options'][number];
type OptionValue = Option['values'][number];

/** Cents are exact where sums of floating-point prices are not. */
const roundCents = (amount: number): number => Math.round(amount * 100) / 100;

/** Each option with its chosen value (option id to value id), or its first value when none is chosen. */
export function selectionsOf(
  options: Option[],
  chosen: Record<number, number> = {},
): { option: Option; value: OptionValue }[] {
  return options.flatMap((option) => {
    const value = option.values.find((v) => v.id === chosen[option.id]) ?? option.values[0];
    return value ? [{ option, value }] : [];
  });
}

/** The unit price with the chosen values' price differences, and the total for a quantity. */
export function pricesOf(
  price: number,
  selections: { value: OptionValue }[],
  quantity: number,
): { unitPrice: number; total: number } {
  const unitPrice = roundCents(price + selections.reduce((sum, { value }) => sum + value.priceDelta, 0));
  return { unitPrice, total: roundCents(unitPrice * quantity) };
}

/** A typed quantity: a whole number from MIN_QUANTITY to MAX_QUANTITY, or undefined. */
export function parseQuantity(text: string): number | undefined {
  const trimmed = text.trim();
  const number = Number(trimmed);
  return /^\d+$/.test(trimmed) && number >= MIN_QUANTITY && number <= MAX_QUANTITY ? number : undefined;
}

/** A quantity brought within MIN_QUANTITY and MAX_QUANTITY (the stepper's buttons and arrow keys). */
export const clampQuantity = (quantity: number): number => Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, quantity));
