import '../styles/islands.css';
import { Fragment } from 'react';
import type { ProductDetail } from '../api/product.ts';
import type { Locale } from '../i18n/index.ts';
import { MAX_QUANTITY, MIN_QUANTITY, pricesOf, selectionsOf } from '../lib/configure.ts';
import { formatDate, formatPrice } from '../lib/format.ts';
import { shipDate } from '../lib/ship-date.ts';
import type { ConfigureText } from './configure-text.ts';

interface Props {
  locale: Locale;
  product: Pick<
    ProductDetail,
    'id' | 'name' | 'partNumber' | 'price' | 'currency' | 'stock' | 'leadTimeDays' | 'options'
  >;
  /** From configureText(locale, product), at build time. */
  text: ConfigureText;
}

/** What the panel's script (src/scripts/configure-now.ts) reads from its `data-configure` attribute. */
export type ConfigureData = Pick<ProductDetail, 'id' | 'price' | 'currency' | 'stock' | 'leadTimeDays' | 'options'> & {
  /** ConfigureText's `quantityInvalid`, with its `{{count}}`. */
  quantityInvalid: string;
};

/**
 * The product page's "configure now" panel: options, quantity, unit price, total, ship date and add to cart.
 * Rendered at build time in its first configuration and quantity one; src/scripts/configure-now.ts makes it
 * work in the browser without a framework, which keeps React off the product page.
 */
export default function ConfigureNow({ locale, product, text }: Props) {
  const id = `configure-${product.id}`;
  const quantity = MIN_QUANTITY;
  const data: ConfigureData = {
    id: product.id,
    price: product.price,
    currency: product.currency,
    stock: product.stock,
    leadTimeDays: product.leadTimeDays,
    options: product.options,
    quantityInvalid: text.quantityInvalid,
  };

  const selections = selectionsOf(product.options);
  const { unitPrice, total } = pricesOf(product.price, selections, quantity);
  // The build's today; the script works the ship date out again from the visitor's.
  const ships = shipDate(product.stock, product.leadTimeDays, quantity);

  const hintId = `${id}-quantity-hint`;
  const errorId = `${id}-quantity-error`;

  return (
    <section className="configure" aria-labelledby={`${id}-title`} data-configure={JSON.stringify(data)}>
      <h2 id={`${id}-title`}>{text.options}</h2>
      {product.options.map((option) => (
        <div className="field" key={option.id}>
          <label htmlFor={`${id}-option-${option.id}`}>{option.name}</label>
          <select id={`${id}-option-${option.id}`} defaultValue={option.values[0]?.id}>
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
          >
            −
          </button>
          <input
            id={`${id}-quantity`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            size={4}
            defaultValue={String(quantity)}
            aria-invalid={false}
            aria-describedby={hintId}
          />
          <button
            type="button"
            className="secondary"
            aria-label={text.increase}
            aria-controls={`${id}-quantity`}
            aria-disabled={quantity >= MAX_QUANTITY}
          >
            +
          </button>
        </div>
        <p id={hintId} className="hint">
          {text.quantityHint}
        </p>
        <p id={errorId} className="field-error" aria-live="polite"></p>
      </div>

      <dl className="facts configure-totals" aria-live="polite">
        <dt>{text.unitPrice}</dt>
        <dd className="price">{formatPrice(unitPrice, product.currency, locale)}</dd>
        <dt>{text.total}</dt>
        <dd className="price">{formatPrice(total, product.currency, locale)}</dd>
        <dt>{text.shipDate}</dt>
        <dd>
          <time dateTime={ships}>{formatDate(ships, locale)}</time>
        </dd>
      </dl>
      <p className="note">{text.shipDateNote}</p>

      <h3>{text.specifications}</h3>
      <dl className="facts configured">
        <dt>{text.partNumber}</dt>
        <dd className="part-number">{product.partNumber}</dd>
        {selections.map(({ option, value }) => (
          <Fragment key={option.id}>
            <dt>{option.name}</dt>
            <dd>{value.label}</dd>
          </Fragment>
        ))}
      </dl>

      <button type="button" className="add-to-cart">
        {text.addToCart}
      </button>
    </section>
  );
}
