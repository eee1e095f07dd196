import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { type Locale, t } from '#i18n/index.ts';
import { formatDate, formatPrice } from '#lib/format.ts';
import { $quotes, downloadQuotePdf, loadQuotes } from '#stores/quotes.ts';
import Loading from './Loading.tsx';
import Reorder from './Reorder.tsx';
import ShopEmpty from './ShopEmpty.tsx';

function PdfButton({ locale, id, quoteNo }: { locale: Locale; id: number; quoteNo: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      aria-disabled={busy || undefined}
      aria-label={t(locale, 'quote.downloadNamed', { quoteNo })}
      onClick={async () => {
        if (busy) return;
        setBusy(true);
        await downloadQuotePdf(id);
        setBusy(false);
      }}
    >
      {t(locale, 'quote.download')}
    </button>
  );
}

/** The customer's quotes, newest first: number, dates, lines, total, the PDF and a reorder. */
export default function Quotes({ locale }: { locale: Locale }) {
  const quotes = useStore($quotes);
  useEffect(() => {
    void loadQuotes();
  }, []);

  if (!quotes) return <Loading locale={locale} />;
  if (quotes.length === 0) return <ShopEmpty locale={locale} text={t(locale, 'quote.empty')} />;
  const today = new Date().toISOString().slice(0, 10);
  return (
    <ul className="order-list">
      {quotes.map((quote) => (
        <li key={quote.id} className="order-card quote-card" data-quote-no={quote.quoteNo}>
          <h2>{t(locale, 'quote.title', { quoteNo: quote.quoteNo })}</h2>
          <dl className="facts">
            <dt>{t(locale, 'quote.date')}</dt>
            <dd>
              <time dateTime={quote.createdAt}>{formatDate(quote.createdAt, locale)}</time>
            </dd>
            <dt>{t(locale, 'quote.validUntil')}</dt>
            <dd>
              <time dateTime={quote.validUntil}>{formatDate(quote.validUntil, locale)}</time>
              {quote.validUntil < today ? ` (${t(locale, 'quote.expired')})` : ''}
            </dd>
            <dt>{t(locale, 'quote.total')}</dt>
            <dd>{formatPrice(quote.total, quote.currency, locale)}</dd>
          </dl>
          <div className="table-scroll">
            <table className="cart-table">
              <thead>
                <tr>
                  <th scope="col">{t(locale, 'cart.product')}</th>
                  <th scope="col">{t(locale, 'cart.partNumber')}</th>
                  <th scope="col">{t(locale, 'cart.quantity')}</th>
                  <th scope="col">{t(locale, 'cart.unitPrice')}</th>
                  <th scope="col">{t(locale, 'cart.total')}</th>
                  <th scope="col">{t(locale, 'cart.shipDate')}</th>
                </tr>
              </thead>
              <tbody>
                {quote.lines.map((line) => (
                  <tr key={line.productId}>
                    <th scope="row">{line.name}</th>
                    <td className="part-number">{line.partNumber}</td>
                    <td>{line.quantity}</td>
                    <td>{formatPrice(line.unitPrice, quote.currency, locale)}</td>
                    <td>{formatPrice(line.total, quote.currency, locale)}</td>
                    <td>
                      <time dateTime={line.shipDate}>{formatDate(line.shipDate, locale)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={4}>
                    {t(locale, 'quote.total')}
                  </th>
                  <td className="grand-total" colSpan={2}>
                    {formatPrice(quote.total, quote.currency, locale)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
          <div className="form-actions">
            <PdfButton locale={locale} id={quote.id} quoteNo={quote.quoteNo} />
          </div>
          <Reorder locale={locale} source="quote" id={quote.id} />
        </li>
      ))}
    </ul>
  );
}
