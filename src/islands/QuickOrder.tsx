import '../styles/islands.css';
import '../styles/customer.css';
import '../styles/account.css';
import '../styles/quick-order.css';
import { useStore } from '@nanostores/react';
import { type ChangeEvent, type FormEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { MAX_QUANTITY } from '#api/fields.ts';
import { type Locale, localePath, type MessageKey, t } from '#i18n/index.ts';
import { formatDate, formatPrice } from '#lib/format.ts';
import {
  $quickOrder,
  $quickOrderBusy,
  $quickOrderError,
  addGoodLines,
  addList,
  chooseCandidate,
  clearQuickOrder,
  editLine,
  goodLines,
  type LineState,
  lineState,
  type QuickLine,
  removeLine,
  restoreQuickOrder,
} from '#stores/quick-order.ts';
import { restoreToasts } from '#stores/toasts.ts';
import { $token } from '#stores/token.ts';
import RemoveButton from './account/RemoveButton.tsx';

/** The largest CSV file read: 200 lines of part number and quantity are far less. */
const MAX_FILE_BYTES = 256 * 1024;

/** A text field of a line, saved (and the line matched again) on Enter or when focus leaves. */
function LineInput({
  value,
  label,
  numeric,
  invalid,
  onCommit,
}: {
  value: string;
  label: string;
  numeric?: boolean;
  invalid: boolean;
  onCommit: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft.trim() !== value) onCommit(draft.trim());
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };
  return (
    <input
      type="text"
      className={numeric ? 'quantity-input' : 'part-input'}
      inputMode={numeric ? 'numeric' : undefined}
      size={numeric ? 5 : 14}
      autoComplete="off"
      spellCheck={false}
      value={draft}
      aria-label={label}
      aria-invalid={invalid || undefined}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={onKey}
    />
  );
}

const STATE_KEYS: Record<LineState, MessageKey> = {
  ok: 'quickOrder.status.ok',
  unknown: 'quickOrder.status.unknown',
  ambiguous: 'quickOrder.status.ambiguous',
  discontinued: 'quickOrder.status.discontinued',
  overLimit: 'quickOrder.status.overLimit',
  badQuantity: 'quickOrder.status.badQuantity',
  badPartNumber: 'quickOrder.status.badPartNumber',
  pending: 'quickOrder.status.pending',
};

function Row({ locale, line, index }: { locale: Locale; line: QuickLine; index: number }) {
  const id = useId();
  const state = lineState(line);
  const product = line.match?.product;
  const n = index + 1;
  const quantityOf = (text: string) =>
    /^\d{1,9}$/.test(text.normalize('NFKC')) ? Number(text.normalize('NFKC')) : null;
  return (
    <tr data-state={state} data-line={n}>
      <td>
        <LineInput
          value={line.partNumber}
          label={t(locale, 'quickOrder.partNumberOf', { n })}
          invalid={state === 'unknown' || state === 'badPartNumber'}
          onCommit={(partNumber) => void editLine(line.key, { partNumber })}
        />
      </td>
      <td>
        <LineInput
          value={line.quantity === null ? '' : String(line.quantity)}
          label={t(locale, 'quickOrder.quantityOf', { n })}
          numeric
          invalid={state === 'overLimit' || state === 'badQuantity'}
          onCommit={(text) => void editLine(line.key, { quantity: quantityOf(text) })}
        />
      </td>
      <td>
        <span className={`flag flag-${state}`}>{t(locale, STATE_KEYS[state], { max: MAX_QUANTITY })}</span>
      </td>
      <td>
        {product ? (
          <>
            <a id={`${id}-product`} href={localePath(locale, `/product/${product.slug}`)}>
              {product.name}
            </a>
            <span className="part-number">{product.partNumber}</span>
          </>
        ) : line.match?.status === 'ambiguous' ? (
          <>
            <label htmlFor={`${id}-pick`}>{t(locale, 'quickOrder.pick')}</label>
            <select
              id={`${id}-pick`}
              defaultValue=""
              onChange={(event: ChangeEvent<HTMLSelectElement>) => {
                const picked = line.match?.candidates.find((c) => String(c.id) === event.target.value);
                if (!picked) return;
                chooseCandidate(line.key, picked);
                // The list gives way to the chosen product's link: focus goes there rather than to the page.
                requestAnimationFrame(() => document.getElementById(`${id}-product`)?.focus());
              }}
            >
              <option value="" disabled>
                {t(locale, 'quickOrder.pickPrompt')}
              </option>
              {line.match.candidates.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {`${candidate.partNumber} · ${candidate.name}`}
                </option>
              ))}
            </select>
          </>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
      <td>{product ? formatPrice(product.unitPrice, product.currency, locale) : ''}</td>
      <td>{product ? <time dateTime={product.shipDate}>{formatDate(product.shipDate, locale)}</time> : ''}</td>
      <td>
        <RemoveButton
          text={t(locale, 'cart.remove')}
          label={t(locale, 'quickOrder.removeLine', { n })}
          onRemove={() => removeLine(line.key)}
        />
      </td>
    </tr>
  );
}

/** The quick-order page: paste or upload part numbers, fix what did not match, add the good lines at once. */
export default function QuickOrder({
  locale,
  hintId,
}: {
  locale: Locale;
  /** The id of the list's hint, which the page prebuilds above the island. */
  hintId: string;
}) {
  const id = useId();
  const lines = useStore($quickOrder);
  const busy = useStore($quickOrderBusy);
  const error = useStore($quickOrderError);
  const token = useStore($token);
  const [text, setText] = useState('');
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    restoreToasts();
    restoreQuickOrder();
    setRestored(true);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || text.trim() === '') return;
    await addList(text);
    setText('');
  };
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      $quickOrderError.set(t(locale, 'quickOrder.fileTooLarge'));
      return;
    }
    await addList(await file.text());
  };

  const good = goodLines(lines);
  const bad = lines.length - good.length;

  return (
    <div className="quick-order">
      <form className="customer-form wide" noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-list`}>{t(locale, 'quickOrder.listLabel')}</label>
          <textarea
            id={`${id}-list`}
            rows={8}
            value={text}
            spellCheck={false}
            aria-describedby={hintId}
            placeholder={'LS-405-50, 2\nRS-785-H\t1'}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="form-actions">
          <button type="submit" aria-disabled={busy || undefined}>
            {t(locale, 'quickOrder.check')}
          </button>
          <input
            id={`${id}-file`}
            className="visually-hidden"
            type="file"
            accept=".csv,.txt,.tsv,text/csv,text/plain"
            onChange={(event) => void upload(event)}
          />
          <label className="button secondary file-button" htmlFor={`${id}-file`}>
            {t(locale, 'quickOrder.upload')}
          </label>
        </div>
      </form>

      <div className="quick-order-status" role="status" aria-live="polite">
        {busy ? <p aria-busy="true">{t(locale, 'quickOrder.matching')}</p> : null}
        {error ? <p className="field-error">{error}</p> : null}
      </div>

      {!restored ? null : lines.length === 0 ? (
        <p className="empty">{t(locale, 'quickOrder.empty')}</p>
      ) : (
        <section aria-labelledby={`${id}-lines`}>
          <h2 id={`${id}-lines`}>{t(locale, 'quickOrder.lines', { count: lines.length })}</h2>
          <div className="table-scroll">
            <table className="cart-table quick-order-table">
              <thead>
                <tr>
                  <th scope="col">{t(locale, 'cart.partNumber')}</th>
                  <th scope="col">{t(locale, 'cart.quantity')}</th>
                  <th scope="col">{t(locale, 'quickOrder.statusHeading')}</th>
                  <th scope="col">{t(locale, 'cart.product')}</th>
                  <th scope="col">{t(locale, 'cart.unitPrice')}</th>
                  <th scope="col">{t(locale, 'cart.shipDate')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t(locale, 'cart.remove')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line, index) => (
                  <Row key={line.key} locale={locale} line={line} index={index} />
                ))}
              </tbody>
            </table>
          </div>
          <p className="note">{t(locale, 'quickOrder.summary', { good: good.length, bad })}</p>
          {!token && good.length > 0 ? <p className="note">{t(locale, 'quickOrder.loginFirst')}</p> : null}
          <div className="form-actions">
            <button
              type="button"
              aria-disabled={busy || good.length === 0 || undefined}
              onClick={() => {
                if (!busy) void addGoodLines();
              }}
            >
              {t(locale, 'quickOrder.addAll', { count: good.length })}
            </button>
            <a className="button secondary" href={localePath(locale, '/account/cart')}>
              {t(locale, 'quickOrder.toCart')}
            </a>
            <button type="button" className="secondary" onClick={clearQuickOrder}>
              {t(locale, 'quickOrder.clear')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
