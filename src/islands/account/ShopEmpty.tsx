import { type Locale, localePath, t } from '#i18n/index.ts';

/** An empty cart or order list: says so and offers the way back to the shop. */
export default function ShopEmpty({ locale, text }: { locale: Locale; text: string }) {
  return (
    <div className="empty">
      <p>{text}</p>
      <a className="button" href={localePath(locale, '/')}>
        {t(locale, 'cart.startShopping')}
      </a>
    </div>
  );
}
