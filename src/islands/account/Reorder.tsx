import { useEffect, useId, useRef, useState } from 'react';
import type { ReorderLine } from '#api/reorder.ts';
import { type Locale, localePath, type MessageKey, t } from '#i18n/index.ts';
import { formatDate, formatPrice } from '#lib/format.ts';
import { previewReorder, reorder } from '#stores/quotes.ts';

const STATUS_KEYS: Record<ReorderLine['status'], MessageKey> = {
  same: 'reorder.same',
  priceChanged: 'reorder.priceChanged',
  discontinued: 'reorder.discontinued',
  unavailable: 'reorder.unavailable',
};

/**
 * Reorder of a past order request or quote: first what changed since (price, ship date, no longer sold),
 * then one step puts the lines still sold into the cart.
 */
export default function Reorder({ locale, source, id }: { locale: Locale; source: 'order' | 'quote'; id: number }) {
  const headingId = useId();
  const [preview, setPreview] = useState<{ currency: string; lines: ReorderLine[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const toCart = useRef<HTMLAnchorElement>(null);
  const opened = useRef(false);

  // Focus follows what the reader asked for: the preview's heading when it opens, the button again when it is
  // cancelled, the link to the cart once the lines are in it (each replaces the control that was pressed).
  useEffect(() => {
    if (preview) heading.current?.focus();
    else if (opened.current) button.current?.focus();
    opened.current = preview !== null;
  }, [preview]);
  useEffect(() => {
    if (done) toCart.current?.focus();
  }, [done]);

  const open = async () => {
    if (busy) return;
    setBusy(true);
    setPreview((await previewReorder(source, id)) ?? null);
    setBusy(false);
  };
  const add = async () => {
    if (busy || !preview) return;
    setBusy(true);
    setDone(await reorder(preview.lines));
    setBusy(false);
  };

  if (!preview) {
    return (
      <div className="form-actions">
        <button
          ref={button}
          type="button"
          className="secondary"
          aria-disabled={busy || undefined}
          onClick={() => void open()}
        >
          {t(locale, 'reorder.button')}
        </button>
      </div>
    );
  }
  const money = (amount: number) => formatPrice(amount, preview.currency, locale);
  const sold = preview.lines.filter((line) => line.status === 'same' || line.status === 'priceChanged');
  return (
    <section className="reorder" aria-labelledby={headingId} data-reorder>
      <h3 id={headingId} tabIndex={-1} ref={heading}>
        {t(locale, 'reorder.title')}
      </h3>
      <div className="table-scroll">
        <table className="cart-table">
          <thead>
            <tr>
              <th scope="col">{t(locale, 'cart.product')}</th>
              <th scope="col">{t(locale, 'cart.quantity')}</th>
              <th scope="col">{t(locale, 'reorder.priceThen')}</th>
              <th scope="col">{t(locale, 'reorder.priceNow')}</th>
              <th scope="col">{t(locale, 'cart.shipDate')}</th>
              <th scope="col">{t(locale, 'quickOrder.statusHeading')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.lines.map((line) => (
              <tr key={line.productId} data-status={line.status}>
                <th scope="row">
                  {line.name}
                  <span className="part-number">{line.partNumber}</span>
                </th>
                <td>{line.quantity}</td>
                <td>{money(line.before.unitPrice)}</td>
                <td>{line.today ? money(line.today.unitPrice) : '—'}</td>
                <td>
                  {line.today ? (
                    <time dateTime={line.today.shipDate}>{formatDate(line.today.shipDate, locale)}</time>
                  ) : (
                    '—'
                  )}
                </td>
                <td>
                  <span className={`flag ${line.status === 'same' ? 'flag-ok' : ''}`}>
                    {t(locale, STATUS_KEYS[line.status])}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {done ? (
        <p role="status">
          {t(locale, 'reorder.done')}{' '}
          <a ref={toCart} href={localePath(locale, '/account/cart')}>
            {t(locale, 'quickOrder.toCart')}
          </a>
        </p>
      ) : (
        <div className="form-actions">
          <button type="button" aria-disabled={busy || sold.length === 0 || undefined} onClick={() => void add()}>
            {t(locale, 'reorder.add', { count: sold.length })}
          </button>
          <button type="button" className="secondary" onClick={() => setPreview(null)}>
            {t(locale, 'account.cancel')}
          </button>
        </div>
      )}
    </section>
  );
}
