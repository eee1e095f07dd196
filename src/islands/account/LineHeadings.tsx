import { type Locale, t } from '#i18n/index.ts';

/** The column headings that the cart's lines and an order's lines share. */
export default function LineHeadings({ locale }: { locale: Locale }) {
  return (
    <>
      <th scope="col">{t(locale, 'cart.product')}</th>
      <th scope="col">{t(locale, 'cart.partNumber')}</th>
      <th scope="col">{t(locale, 'cart.quantity')}</th>
      <th scope="col">{t(locale, 'cart.unitPrice')}</th>
      <th scope="col">{t(locale, 'cart.total')}</th>
    </>
  );
}
