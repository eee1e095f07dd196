import { type Locale, t } from '../i18n/index.ts';

interface Props {
  locale: Locale;
  productId: number;
  productName: string;
  /** Show the word beside the heart (product page); cards show the heart only. */
  withText?: boolean;
}

/**
 * A favourite toggle, rendered as plain HTML: src/scripts/toggles.ts handles its clicks (login dialog for
 * visitors) and src/scripts/customer.ts keeps aria-pressed true to the customer's favourites.
 */
export default function FavouriteToggle({ locale, productId, productName, withText = false }: Props) {
  return (
    <button
      type="button"
      className={withText ? 'favourite-toggle with-text' : 'favourite-toggle'}
      data-favourite-toggle=""
      data-product-id={productId}
      aria-pressed="false"
      aria-label={withText ? undefined : t(locale, 'favourite.toggleNamed', { name: productName })}
      title={t(locale, 'favourite.toggle')}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z" />
      </svg>
      {withText && <span>{t(locale, 'favourite.toggle')}</span>}
    </button>
  );
}
