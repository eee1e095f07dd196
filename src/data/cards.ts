import type { ProductDetail } from '#api/product.ts';
import type { CardProduct } from '#components/ProductCard.tsx';
import type { Locale } from '#i18n/index.ts';
import type { FinderProduct } from '#lib/finder.ts';
import { formatPrice } from '#lib/format.ts';
import { withCardImage } from './images.ts';

/** A product as a card shows it: its summary, card image and price text, and nothing the card does not show. */
export function productCard(product: ProductDetail, locale: Locale): Promise<CardProduct> {
  const { id, name, slug, partNumber, summary, smallImage, price, currency, leadTimeDays, stock, isNew, isFeatured } =
    product;
  return withCardImage({
    id,
    name,
    slug,
    partNumber,
    summary,
    smallImage,
    price,
    currency,
    leadTimeDays,
    stock,
    isNew,
    isFeatured,
    categoryId: product.categoryId,
    priceText: formatPrice(price, currency, locale),
  });
}

/** A product as the category finder sees it: its card and its specifications. */
export async function finderProduct(product: ProductDetail, locale: Locale): Promise<FinderProduct & CardProduct> {
  return { ...(await productCard(product, locale)), attributes: product.attributes };
}
