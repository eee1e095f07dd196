import '../styles/islands.css';
import { type ChangeEvent, Fragment, type KeyboardEvent, useEffect, useId, useState } from 'react';
import type { ProductDetail } from '../api/product.ts';
import type { Locale } from '../i18n/index.ts';
import { openLogin } from '../lib/events.ts';
import { formatDate, formatPrice } from '../lib/format.ts';
import { shipDate } from '../lib/ship-date.ts';
import { $token } from '../stores/token.ts';
import { type ConfigureText, MAX_QUANTITY, MIN_QUANTITY } from './configure-text.ts';

interface Props {
  locale: Locale;
  product: Pick<
    ProductDetail,
    'id' | 'name' | 'partNumber' | 'price' | 'currency' | 'stock' | 'leadTimeDays' | 'options'
  >;
  /** From configureText(locale, product), at build time. */
  text: ConfigureText;
}

/** Cents are exact where sums of floating-point prices are not. */
const roundCents = (amount: number): number => Math.round(amount * 100) / 100;

/** The product page's "configure now" panel: options, quantity, unit price, total, ship date and add to cart. */
export default function ConfigureNow({ locale, product, text }: Props) {
  const id = useId();
  const [chosen, setChosen] = useState<Record<number, number>>(() =>
    Object.fromEntries(
      product.options.flatMap((option) => (option.values[0] ? [[option.id, option.values[0].id]] : [])),
    ),
  );
  const [quantity, setQuantity] = useState(MIN_QUANTITY);
  const [draft, setDraft] = useState(String(MIN_QUANTITY));
  const [invalid, setInvalid] = useState(false);
  // The page is built ahead of time, so the ship date is worked out again from the visitor's today once hydrated.
  const [today, setToday] = useState<Date | null>(null);
  const [adding, setAdding] = useState(false);
  useEffect(() => setToday(new Date()), []);

  const selections = product.options.flatMap((option) => {
    const value = option.values.find((v) => v.id === chosen[option.id]) ?? option.values[0];
    return value ? [{ option, value }] : [];
  });
  const unitPrice = roundCents(product.price + selections.reduce((sum, { value }) => sum + value.priceDelta, 0));
  const total = roundCents(unitPrice * quantity);
  const ships = shipDate(product.stock, product.leadTimeDays, quantity, today ?? new Date());

  const setValid = (next: number) => {
    const clamped = Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, next));
    setQuantity(clamped);
    setDraft(String(clamped));
    setInvalid(false);
  };
  const onQuantityInput = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    setDraft(text);
    const trimmed = text.trim();
    const number = Number(trimmed);
    const ok = /^\d+$/.test(trimmed) && number >= MIN_QUANTITY && number <= MAX_QUANTITY;
    if (ok) setQuantity(number);
    setInvalid(!ok);
  };
  const onQuantityKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      setValid(quantity + (event.key === 'ArrowUp' ? 1 : -1));
    }
  };

  // The cart's code (API client, stores) loads only when a customer adds something; visitors get the login dialog.
  const addToCart = () => {
    if (!$token.get()) {
      openLogin({ reason: 'cart', stay: true });
      return;
    }
    setAdding(true);
    void import('../stores/cart.ts')
      .then((cart) => cart.addToCart(product.id, quantity))
      .finally(() => setAdding(false));
  };

  const hintId = `${id}-quantity-hint`;
  const errorId = `${id}-quantity-error`;

  return (
    <section className="configure" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{text.options}</h2>
      {product.options.map((option) => (
        <div className="field" key={option.id}>
          <label htmlFor={`${id}-option-${option.id}`}>{option.name}</label>
          <select
            id={`${id}-option-${option.id}`}
            value={chosen[option.id]}
            onChange={(event) => setChosen({ ...chosen, [option.id]: Number(event.target.value) })}
          >
            {option.values.map((value) => (
              <option key={value.id} value={value.id}>
                {text.values[value.id] ?? value.label}
              </option>
            ))}
          </select>
        </div>
      ))}

      <div className="field">
        <label htmlFor={`${id}-quantity`}>{text.quantity}</label>
        <div className="stepper">
          <button
            type="button"
            className="secondary"
            aria-label={text.decrease}
            aria-controls={`${id}-quantity`}
            aria-disabled={quantity <= MIN_QUANTITY}
            onClick={() => setValid(quantity - 1)}
          >
            −
          </button>
          <input
            id={`${id}-quantity`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            size={4}
            value={draft}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${hintId} ${errorId}` : hintId}
            onChange={onQuantityInput}
            onKeyDown={onQuantityKey}
          />
          <button
            type="button"
            className="secondary"
            aria-label={text.increase}
            aria-controls={`${id}-quantity`}
            aria-disabled={quantity >= MAX_QUANTITY}
            onClick={() => setValid(quantity + 1)}
          >
            +
          </button>
        </div>
        <p id={hintId} className="hint">
          {text.quantityHint}
        </p>
        <p id={errorId} className="field-error" aria-live="polite">
          {invalid && text.quantityInvalid.replace('{{count}}', String(quantity))}
        </p>
      </div>

      <dl className="facts configure-totals" aria-live="polite">
        <dt>{text.unitPrice}</dt>
        <dd className="price">{formatPrice(unitPrice, product.currency, locale)}</dd>
        <dt>{text.total}</dt>
        <dd className="price">{formatPrice(total, product.currency, locale)}</dd>
        <dt>{text.shipDate}</dt>
        <dd>
          {/* Server and first client render may fall on different days; the keyed remount shows the visitor's date. */}
          <time key={today ? 'visit' : 'build'} dateTime={ships} suppressHydrationWarning>
            {formatDate(ships, locale)}
          </time>
        </dd>
      </dl>
      <p className="note">{text.shipDateNote}</p>

      <h3 id={`${id}-specs`}>{text.specifications}</h3>
      <dl className="facts configured" aria-labelledby={`${id}-specs`}>
        <dt>{text.partNumber}</dt>
        <dd className="part-number">{product.partNumber}</dd>
        {selections.map(({ option, value }) => (
          <Fragment key={option.id}>
            <dt>{option.name}</dt>
            <dd>{value.label}</dd>
          </Fragment>
        ))}
      </dl>

      <button
        type="button"
        className="add-to-cart"
        aria-disabled={adding || undefined}
        onClick={adding ? undefined : addToCart}
      >
        {text.addToCart}
      </button>
    </section>
  );
}
