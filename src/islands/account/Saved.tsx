import { useStore } from '@nanostores/react';
import { type Locale, localePath, t } from '../../i18n/index.ts';
import { formatDate, formatPrice } from '../../lib/format.ts';
import { $favourites, toggleFavourite } from '../../stores/favourites.ts';
import { $savedNews, toggleSavedNews } from '../../stores/saved-news.ts';

/** The saved lists: favourite products and saved articles, each removable. */
export default function Saved({ locale }: { locale: Locale }) {
  const favourites = useStore($favourites);
  const saved = useStore($savedNews);
  return (
    <div className="saved-lists">
      <section aria-labelledby="saved-products">
        <h2 id="saved-products">{t(locale, 'favourite.title')}</h2>
        {favourites.length === 0 ? (
          <p className="empty">{t(locale, 'favourite.empty')}</p>
        ) : (
          <ul className="saved-list" data-saved-products>
            {favourites.map(({ product }) => (
              <li key={product.id}>
                <div>
                  <a href={localePath(locale, `/product/${product.slug}`)}>{product.name}</a>
                  <span className="part-number">{product.partNumber}</span>
                  <span className="price">{formatPrice(product.price, product.currency, locale)}</span>
                </div>
                <button
                  type="button"
                  className="secondary"
                  aria-label={t(locale, 'favourite.removeNamed', { name: product.name })}
                  onClick={() => void toggleFavourite(product.id)}
                >
                  {t(locale, 'saved.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="saved-articles">
        <h2 id="saved-articles">{t(locale, 'saved.title')}</h2>
        {saved.length === 0 ? (
          <p className="empty">{t(locale, 'saved.empty')}</p>
        ) : (
          <ul className="saved-list" data-saved-articles>
            {saved.map(({ article }) => (
              <li key={article.id}>
                <div>
                  <a href={localePath(locale, `/knowledge/${article.slug}`)}>{article.title}</a>
                  <time className="muted" dateTime={article.publishedAt}>
                    {formatDate(article.publishedAt, locale)}
                  </time>
                </div>
                <button
                  type="button"
                  className="secondary"
                  aria-label={t(locale, 'saved.removeNamed', { title: article.title })}
                  onClick={() => void toggleSavedNews(article.id)}
                >
                  {t(locale, 'saved.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
