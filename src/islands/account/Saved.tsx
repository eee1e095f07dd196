import { useStore } from '@nanostores/react';
import { type Locale, localePath, t } from '#i18n/index.ts';
import { formatDate, formatPrice } from '#lib/format.ts';
import { $favourites, toggleFavourite } from '#stores/favourites.ts';
import { $savedArticles, toggleSavedArticle } from '#stores/saved-articles.ts';
import SavedList from './SavedList.tsx';

/** The saved lists: favourite products and saved articles, each removable. */
export default function Saved({ locale }: { locale: Locale }) {
  const favourites = useStore($favourites);
  const savedArticles = useStore($savedArticles);
  return (
    <div className="saved-lists">
      <SavedList
        locale={locale}
        name="favourites"
        title={t(locale, 'favourite.title')}
        empty={t(locale, 'favourite.empty')}
        items={favourites}
        keyOf={({ product }) => product.id}
        removeLabel={({ product }) => t(locale, 'favourite.removeNamed', { name: product.name })}
        onRemove={({ product }) => void toggleFavourite(product.id)}
      >
        {({ product }) => (
          <>
            <a href={localePath(locale, `/product/${product.slug}`)}>{product.name}</a>
            <span className="part-number">{product.partNumber}</span>
            <span className="price">{formatPrice(product.price, product.currency, locale)}</span>
          </>
        )}
      </SavedList>
      <SavedList
        locale={locale}
        name="saved-articles"
        title={t(locale, 'savedArticle.title')}
        empty={t(locale, 'savedArticle.empty')}
        items={savedArticles}
        keyOf={({ article }) => article.id}
        removeLabel={({ article }) => t(locale, 'savedArticle.removeNamed', { title: article.title })}
        onRemove={({ article }) => void toggleSavedArticle(article.id)}
      >
        {({ article }) => (
          <>
            <a href={localePath(locale, `/knowledge/${article.slug}`)}>{article.title}</a>
            <time className="muted" dateTime={article.publishedAt}>
              {formatDate(article.publishedAt, locale)}
            </time>
          </>
        )}
      </SavedList>
    </div>
  );
}
