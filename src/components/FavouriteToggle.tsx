import type { Locale } from '#i18n/index.ts';
import { HEART_PATH, toggleView } from './card-view.ts';

interface Props {
  locale: Locale;
  productId: number;
  productName: string;
  /** Show the word beside the heart (product page); cards show the heart only. */
  withText?: boolean;
}

/**
 * A favourite toggle, rendered as plain HTML: src/browser/toggles.ts handles its clicks (login dialog for
 * visitors) and src/browser/customer.ts keeps aria-pressed true to the customer's favourites. Islands
 * render this one; static pages render FavouriteToggle.astro, the same markup.
 */
export default function FavouriteToggle({ locale, productId, productName, withText = false }: Props) {
  const view = toggleView(locale, productName, withText);
  return (
    <button
      type="button"
      className={view.className}
      data-favourite-toggle=""
      data-product-id={productId}
      aria-pressed="false"
      aria-label={view.label}
      title={view.title}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d={HEART_PATH} />
      </svg>
      {withText && <span>{view.title}</span>}
    </button>
  );
}
