import type { ProductDetail } from '#api/product.ts';
import { type Locale, t } from '#i18n/index.ts';
import { MAX_QUANTITY, MIN_QUANTITY } from '#lib/configure.ts';
import { formatPrice } from '#lib/format.ts';

/**
 * The text of the configure-now panel (ConfigureNow.astro), put together by the page at build time: the
 * panel's script then ships no dictionary, which keeps the product page's JavaScript small.
 * `quantityInvalid` keeps its `{{count}}` for the script to fill in.
 */
export function configureText(locale: Locale, product: Pick<ProductDetail, 'currency' | 'options'>) {
  const bounds = { min: MIN_QUANTITY, max: MAX_QUANTITY };
  const delta = (amount: number): string =>
    amount > 0 ? `+${formatPrice(amount, product.currency, locale)}` : formatPrice(amount, product.currency, locale);
  return {
    options: t(locale, 'product.options'),
    quantity: t(locale, 'quantity.label'),
    decrease: t(locale, 'quantity.decrease'),
    increase: t(locale, 'quantity.increase'),
    quantityHint: t(locale, 'quantity.hint', bounds),
    quantityInvalid: t(locale, 'quantity.invalid', bounds),
    unitPrice: t(locale, 'product.unitPrice'),
    total: t(locale, 'configure.total'),
    shipDate: t(locale, 'product.shipDate'),
    shipDateNote: t(locale, 'product.shipDateNote'),
    specifications: t(locale, 'configure.specifications'),
    partNumber: t(locale, 'product.partNumber'),
    addToCart: t(locale, 'configure.addToCart'),
    /** Each option value's label, with its price difference when it has one. */
    values: Object.fromEntries(
      product.options.flatMap((option) =>
        option.values.map((value) => [
          value.id,
          value.priceDelta === 0
            ? value.label
            : t(locale, 'configure.optionValue', { label: value.label, delta: delta(value.priceDelta) }),
        ]),
      ),
    ) as Record<number, string>,
  };
}

export type ConfigureText = ReturnType<typeof configureText>;

/** What the panel's script (src/browser/configure-now.ts) reads from its `data-configure` attribute. */
export type ConfigureData = Pick<ProductDetail, 'id' | 'price' | 'currency' | 'stock' | 'leadTimeDays' | 'options'> & {
  /** ConfigureText's `quantityInvalid`, with its `{{count}}`. */
  quantityInvalid: string;
};
