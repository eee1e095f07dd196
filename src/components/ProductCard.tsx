import type { ProductSummary } from '../api/product.ts';
import { type Locale, localePath, t } from '../i18n/index.ts';
import { formatPrice } from '../lib/format.ts';
import FavouriteToggle from './FavouriteToggle.tsx';

/** A product as its card shows it. */
export type CardProduct = ProductSummary & {
  /**
   * The price as formatted at build time, for cards an island renders: the browser then needs no
   * Intl.NumberFormat to hydrate them (its first costs tens of ms of main thread), and both renders agree.
   */
  priceText?: string;
};

interface Props {
  locale: Locale;
  product: CardProduct;
}

/** A product's card in a grid, for islands and static pages alike. */
export default function ProductCard({ locale, product }: Props) {
  return (
    <article className="product-card">
      <img
        src={product.smallImage.src}
        srcSet={`${product.smallImage.src} 1x, ${product.smallImage.src2x} 2x`}
        width={240}
        height={180}
        loading="lazy"
        alt=""
      />
      <div className="badges">
        {product.isNew && <span className="badge new">{t(locale, 'product.new')}</span>}
        {product.isFeatured && <span className="badge">{t(locale, 'product.featured')}</span>}
      </div>
      <h3>
        <a href={localePath(locale, `/product/${product.slug}`)}>{product.name}</a>
      </h3>
      <p className="part-number">
        {t(locale, 'product.partNumber')}: {product.partNumber}
      </p>
      <p className="summary">{product.summary}</p>
      <div className="card-foot">
        <p className="price">{product.priceText ?? formatPrice(product.price, product.currency, locale)}</p>
        <FavouriteToggle locale={locale} productId={product.id} productName={product.name} />
      </div>
    </article>
  );
}
