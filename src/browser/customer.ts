import { $cartCount } from '#stores/cart.ts';
import { loadCustomer } from '#stores/customer.ts';
import { $favouriteIds } from '#stores/favourites.ts';
import { $savedArticleIds } from '#stores/saved-articles.ts';

// The logged-in side of every page, loaded once a token exists: load the customer (info, cart, favourites,
// saved articles), keep the header's cart count, and keep every favourite and save toggle's aria-pressed true
// to the stores, including toggles that islands render later.

/** Sets aria-pressed on every `[data-favourite-toggle]` and `[data-save-article]` from the stores. */
function syncToggles(): void {
  const favourites = $favouriteIds.get();
  const savedArticles = $savedArticleIds.get();
  for (const button of document.querySelectorAll<HTMLElement>('[data-favourite-toggle]')) {
    const pressed = String(favourites.has(Number(button.dataset.productId)));
    if (button.getAttribute('aria-pressed') !== pressed) button.setAttribute('aria-pressed', pressed);
  }
  for (const button of document.querySelectorAll<HTMLElement>('[data-save-article]')) {
    const pressed = String(savedArticles.has(Number(button.dataset.articleId)));
    if (button.getAttribute('aria-pressed') !== pressed) button.setAttribute('aria-pressed', pressed);
  }
}

let started = false;

/** Loads the customer of the current token and binds the header and the toggles to the stores (once). */
export function startCustomer(): void {
  void loadCustomer();
  if (started) return;
  started = true;
  $cartCount.subscribe((count) => {
    for (const badge of document.querySelectorAll('[data-cart-count]')) badge.textContent = String(count);
  });
  $favouriteIds.subscribe(syncToggles);
  $savedArticleIds.subscribe(syncToggles);
  new MutationObserver(syncToggles).observe(document.body, { childList: true, subtree: true });
}
