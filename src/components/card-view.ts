import type { ProductSummary } from '#api/product.ts';
import type { Locale } from '#i18n/index.ts';
import { localePath, t } from '#i18n/index.ts';
import { bindUnits, formatPrice } from '#lib/format.ts';

// What a product card and a favourite toggle show, worked out once for their two renderings: the React
// components that islands render (ProductCard.tsx, FavouriteToggle.tsx) and the Astro ones static pages
// render without React on the server (ProductCard.astro, FavouriteToggle.astro). A build test holds the
// two to the same markup.

/** The heart of a favourite toggle. */
export const HEART_PATH =
  'M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z';

/** A favourite toggle's class and text. */
export function toggleView(locale: Locale, productName: string, withText: boolean) {
  return {
    className: withText ? 'favourite-toggle with-text' : 'favourite-toggle',
    label: withText ? undefined : t(locale, 'favourite.toggleNamed', { name: productName }),
    title: t(locale, 'favourite.toggle'),
  };
}

/**
 * What a card's view reads of its product: a part of ProductCard.tsx's CardProduct, named here so that this
 * module, which the card components import, imports none of them.
 */
type CardFields = Pick<
  ProductSummary,
  'slug' | 'smallImage' | 'isNew' | 'isFeatured' | 'price' | 'currency' | 'summary'
> & {
  /** The price as formatted at build time, when there is one (see CardProduct). */
  priceText?: string;
};

/** A product card's link, texts and price. */
export function cardView(locale: Locale, product: CardFields) {
  return {
    href: localePath(locale, `/product/${product.slug}`),
    srcSet: `${product.smallImage.src} 1x, ${product.smallImage.src2x} 2x`,
    newBadge: product.isNew ? t(locale, 'product.new') : undefined,
    featuredBadge: product.isFeatured ? t(locale, 'product.featured') : undefined,
    partNumberLabel: t(locale, 'product.partNumber'),
    price: product.priceText ?? formatPrice(product.price, product.currency, locale),
    summary: bindUnits(product.summary),
  };
}
