import type { ProductSummary } from '#api/product.ts';
import type { Locale } from '#i18n/index.ts';
import { cardView } from './card-view.ts';
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

/** A product's card in a grid, for islands; static pages render ProductCard.astro, the same markup. */
export default function ProductCard({ locale, product }: Props) {
  const view = cardView(locale, product);
  return (
    <article className="product-card">
      <img src={product.smallImage.src} srcSet={view.srcSet} width={240} height={180} loading="lazy" alt="" />
      <div className="badges">
        {view.newBadge && <span className="badge new">{view.newBadge}</span>}
        {view.featuredBadge && <span className="badge">{view.featuredBadge}</span>}
      </div>
      <h3>
        <a href={view.href}>{product.name}</a>
      </h3>
      <p className="part-number">
        {view.partNumberLabel}: <span className="pn">{product.partNumber}</span>
      </p>
      <p className="summary">{view.summary}</p>
      <div className="card-foot">
        <p className="price">{view.price}</p>
        <FavouriteToggle locale={locale} productId={product.id} productName={product.name} />
      </div>
    </article>
  );
}
