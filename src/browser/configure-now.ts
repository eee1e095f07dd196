import type { ConfigureData } from '#components/configure-text.ts';
import { clampQuantity, MAX_QUANTITY, MIN_QUANTITY, parseQuantity, pricesOf, selectionsOf } from '#lib/configure.ts';
import { openLogin } from '#lib/events.ts';
import { formatDate, formatPrice } from '#lib/format.ts';
import { shipDate } from '#lib/ship-date.ts';
import { $locale } from '#stores/locale.ts';
import { $token } from '#stores/token.ts';

// The configure-now panel (src/components/ConfigureNow.astro, rendered at build time) in the browser: options and
// quantity update the prices, the ship date and the configured specifications; add to cart asks a visitor to
// log in and adds the configured quantity for a customer. Plain DOM code, so the product page ships no React.

/** Wires one `[data-configure]` panel. */
function setUpConfigure(panel: HTMLElement): void {
  const product = JSON.parse(panel.dataset.configure ?? '') as ConfigureData;
  const locale = $locale.get();
  const input = panel.querySelector<HTMLInputElement>('.stepper input');
  const [decrease, increase] = panel.querySelectorAll<HTMLButtonElement>('.stepper button');
  const hint = input?.getAttribute('aria-describedby') ?? '';
  const error = document.getElementById(`configure-${product.id}-quantity-error`);
  const [unitPrice, total] = panel.querySelectorAll<HTMLElement>('.configure-totals dd.price');
  const ships = panel.querySelector<HTMLTimeElement>('.configure-totals time');
  // The configured specifications: the part number, then one value per option.
  const specs = [...panel.querySelectorAll<HTMLElement>('.configured dd')].slice(1);
  const addButton = panel.querySelector<HTMLButtonElement>('.add-to-cart');
  if (!input || !decrease || !increase || !unitPrice || !total || !ships || !addButton) return;

  const chosen: Record<number, number> = {};
  let quantity = MIN_QUANTITY;
  let adding = false;

  const show = () => {
    const selections = selectionsOf(product.options, chosen);
    const prices = pricesOf(product.price, selections, quantity);
    unitPrice.textContent = formatPrice(prices.unitPrice, product.currency, locale);
    total.textContent = formatPrice(prices.total, product.currency, locale);
    // The page was built ahead of time: the ship date is worked out from the visitor's today.
    const date = shipDate(product.stock, product.leadTimeDays, quantity);
    ships.dateTime = date;
    ships.textContent = formatDate(date, locale);
    selections.forEach(({ value }, index) => {
      const spec = specs[index];
      if (spec) spec.textContent = value.label;
    });
    decrease.setAttribute('aria-disabled', String(quantity <= MIN_QUANTITY));
    increase.setAttribute('aria-disabled', String(quantity >= MAX_QUANTITY));
  };

  /** Shows a typed quantity as invalid (prices keep the last valid one), or clears the message. */
  const markInvalid = (invalid: boolean) => {
    input.setAttribute('aria-invalid', String(invalid));
    input.setAttribute('aria-describedby', invalid && error ? `${hint} ${error.id}` : hint);
    if (error) error.textContent = invalid ? product.quantityInvalid.replace('{{count}}', String(quantity)) : '';
  };

  /** Sets the quantity from the stepper's buttons or arrow keys, within the bounds. */
  const step = (next: number) => {
    quantity = clampQuantity(next);
    input.value = String(quantity);
    markInvalid(false);
    show();
  };

  for (const option of product.options) {
    const select = document.getElementById(`configure-${product.id}-option-${option.id}`);
    if (!(select instanceof HTMLSelectElement)) continue;
    // A reload may have kept an earlier choice in the select: the prices follow what it shows.
    chosen[option.id] = Number(select.value);
    select.addEventListener('change', () => {
      chosen[option.id] = Number(select.value);
      show();
    });
  }
  input.addEventListener('input', () => {
    const typed = parseQuantity(input.value);
    if (typed !== undefined) quantity = typed;
    markInvalid(typed === undefined);
    show();
  });
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    step(quantity + (event.key === 'ArrowUp' ? 1 : -1));
  });
  decrease.addEventListener('click', () => step(quantity - 1));
  increase.addEventListener('click', () => step(quantity + 1));

  // The cart's code (API client, stores) loads only when a customer adds something; visitors get the login dialog.
  addButton.addEventListener('click', () => {
    if (adding) return;
    if (!$token.get()) {
      openLogin({ reason: 'cart', stay: true });
      return;
    }
    adding = true;
    addButton.setAttribute('aria-disabled', 'true');
    void import('#stores/cart.ts')
      .then((cart) => cart.addToCart(product.id, quantity))
      .finally(() => {
        adding = false;
        addButton.removeAttribute('aria-disabled');
      });
  });

  show();
}

for (const panel of document.querySelectorAll<HTMLElement>('[data-configure]')) setUpConfigure(panel);
