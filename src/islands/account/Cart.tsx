import { useStore } from '@nanostores/react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import * as v from 'valibot';
import { Quantity } from '#api/fields.ts';
import type { CartLine } from '#api/shop.ts';
import { type Locale, localePath, t } from '#i18n/index.ts';
import { formatDate, formatPrice } from '#lib/format.ts';
import { $addresses, loadAddresses } from '#stores/addresses.ts';
import { $cart, cartTotals, removeFromCart, setCartQuantity } from '#stores/cart.ts';
import { submitOrder } from '#stores/orders.ts';
import { createQuote } from '#stores/quotes.ts';
import { carryToasts } from '#stores/toasts.ts';
import FormActions from '../form/FormActions.tsx';
import FormSummary from '../form/FormSummary.tsx';
import { AddressLines } from './Addresses.tsx';
import AddressForm from './AddressForm.tsx';
import LineHeadings from './LineHeadings.tsx';
import RemoveButton from './RemoveButton.tsx';
import ShopEmpty from './ShopEmpty.tsx';

/** A line's quantity: typed freely, saved on Enter or when focus leaves, checked like the server checks it. */
function QuantityInput({ locale, line }: { locale: Locale; line: CartLine }) {
  const id = useId();
  const [draft, setDraft] = useState(String(line.quantity));
  const [error, setError] = useState('');
  useEffect(() => setDraft(String(line.quantity)), [line.quantity]);

  const commit = async () => {
    const quantity = Number(draft.trim());
    if (!/^\d+$/.test(draft.trim()) || !v.is(Quantity, quantity)) {
      setError(t(locale, 'validation.quantity'));
      return;
    }
    setError('');
    if (quantity !== line.quantity && !(await setCartQuantity(line.productId, quantity))) {
      setDraft(String(line.quantity));
    }
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit();
    }
  };

  return (
    <>
      <input
        id={id}
        className="quantity-input"
        type="text"
        inputMode="numeric"
        size={4}
        value={draft}
        aria-label={t(locale, 'cart.quantityNamed', { name: line.product.name })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => void commit()}
        onKeyDown={onKey}
      />
      <span id={`${id}-error`} className="field-error">
        {error}
      </span>
    </>
  );
}

/** Submits the cart as an order request: an address (or a new one), a remark. */
function OrderRequest({ locale }: { locale: Locale }) {
  const id = useId();
  const addresses = useStore($addresses);
  const [chosen, setChosen] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [remark, setRemark] = useState('');
  const [summary, setSummary] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void loadAddresses();
  }, []);
  // The default address (listed first) is chosen until the customer picks another.
  const selected = chosen ?? addresses?.[0]?.id ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (selected === null) {
      setSummary(t(locale, 'order.chooseAddress'));
      return;
    }
    setSummary('');
    setBusy(true);
    const order = await submitOrder(selected, remark.trim());
    if (order) {
      carryToasts();
      location.assign(localePath(locale, '/account/order'));
    } else {
      setBusy(false);
    }
  };

  return (
    <section className="order-request" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(locale, 'order.request')}</h2>
      <p className="muted">{t(locale, 'order.requestText')}</p>
      <form noValidate onSubmit={submit} className="customer-form wide">
        <FormSummary message={summary} />
        <fieldset>
          <legend>{t(locale, 'order.address')}</legend>
          {addresses === null && <p aria-busy="true">{t(locale, 'account.loading')}</p>}
          {addresses?.length === 0 && !adding && <p>{t(locale, 'address.empty')}</p>}
          <ul className="address-choices">
            {addresses?.map((address) => (
              <li key={address.id}>
                <input
                  type="radio"
                  name="addressId"
                  id={`${id}-address-${address.id}`}
                  value={address.id}
                  checked={selected === address.id}
                  onChange={() => setChosen(address.id)}
                />{' '}
                <label htmlFor={`${id}-address-${address.id}`}>
                  <AddressLines address={address} />
                </label>
              </li>
            ))}
          </ul>
          {!adding && (
            <button type="button" className="secondary" onClick={() => setAdding(true)}>
              {t(locale, 'order.addAddress')}
            </button>
          )}
        </fieldset>
        {!adding && (
          <>
            <div className="field">
              <label htmlFor={`${id}-remark`}>{t(locale, 'order.remark')}</label>
              <textarea
                id={`${id}-remark`}
                name="remark"
                rows={3}
                maxLength={1000}
                value={remark}
                aria-describedby={`${id}-remark-hint`}
                onChange={(event) => setRemark(event.target.value)}
              />
              <p id={`${id}-remark-hint`} className="hint">
                {t(locale, 'order.remarkHint')}
              </p>
            </div>
            <FormActions submitLabel={t(locale, 'order.submit')} busy={busy} />
          </>
        )}
      </form>
      {/* Outside the order form: a form inside a form is not allowed. */}
      {adding && (
        <AddressForm
          locale={locale}
          onSaved={(address) => {
            setChosen(address.id);
            setAdding(false);
          }}
          onCancel={() => setAdding(false)}
        />
      )}
    </section>
  );
}

/** Turns the cart into a formal quote, then shows it under the account's quotes. */
function QuoteRequest({ locale }: { locale: Locale }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const request = async () => {
    if (busy) return;
    setBusy(true);
    if (await createQuote()) {
      carryToasts();
      location.assign(localePath(locale, '/account/quotes'));
    } else {
      setBusy(false);
    }
  };
  return (
    <section className="quote-request" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(locale, 'quote.request')}</h2>
      <p className="muted">{t(locale, 'quote.requestText')}</p>
      <div className="form-actions">
        <button type="button" aria-disabled={busy || undefined} onClick={() => void request()} data-get-quote>
          {t(locale, 'quote.get')}
        </button>
      </div>
    </section>
  );
}

/** The cart: lines (quantity can change, a line can go), totals, and the order request. */
export default function Cart({ locale }: { locale: Locale }) {
  const lines = useStore($cart);

  const quickOrder = (
    <p className="quick-order-link">
      <a href={localePath(locale, '/quick-order')}>{t(locale, 'quickOrder.link')}</a>
    </p>
  );
  if (lines.length === 0) {
    return (
      <>
        <ShopEmpty locale={locale} text={t(locale, 'cart.empty')} />
        {quickOrder}
      </>
    );
  }

  return (
    <>
      {quickOrder}
      <div className="table-scroll">
        <table className="cart-table">
          <thead>
            <tr>
              <LineHeadings locale={locale} />
              <th scope="col">{t(locale, 'cart.shipDate')}</th>
              <th scope="col">
                <span className="visually-hidden">{t(locale, 'cart.remove')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.productId} data-product-id={line.productId}>
                <th scope="row">
                  <a href={localePath(locale, `/product/${line.product.slug}`)}>{line.product.name}</a>
                </th>
                <td className="part-number">{line.partNumber}</td>
                <td>
                  <QuantityInput locale={locale} line={line} />
                </td>
                <td>{formatPrice(line.unitPrice, line.currency, locale)}</td>
                <td className="line-total">{formatPrice(line.total, line.currency, locale)}</td>
                <td>
                  <time dateTime={line.shipDate}>{formatDate(line.shipDate, locale)}</time>
                </td>
                <td>
                  <RemoveButton
                    text={t(locale, 'cart.remove')}
                    label={t(locale, 'cart.removeNamed', { name: line.product.name })}
                    onRemove={() => void removeFromCart(line.productId)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {cartTotals(lines).map(({ currency, total }) => (
              <tr key={currency}>
                <th scope="row" colSpan={4}>
                  {t(locale, 'cart.grandTotal')}
                </th>
                <td className="grand-total" colSpan={3}>
                  {formatPrice(total, currency, locale)}
                </td>
              </tr>
            ))}
          </tfoot>
        </table>
      </div>
      <p className="note">{t(locale, 'product.shipDateNote')}</p>
      <QuoteRequest locale={locale} />
      <OrderRequest locale={locale} />
    </>
  );
}
