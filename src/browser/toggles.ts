import { openLogin } from '#lib/events.ts';
import { $token } from '#stores/token.ts';

// Favourite (`[data-favourite-toggle][data-product-id]`) and save-article (`[data-save-article][data-article-id]`)
// buttons anywhere on the page, static or rendered by an island: one listener on the document instead of an
// island per card. Visitors get the login dialog; the stores are loaded only for customers.

const busy = new WeakSet<Element>();

async function toggle(button: HTMLElement): Promise<void> {
  const { loadCustomer } = await import('#stores/customer.ts');
  // The lists must be loaded before a toggle can tell saving from removing.
  await loadCustomer();
  if (button.matches('[data-favourite-toggle]')) {
    const { toggleFavourite } = await import('#stores/favourites.ts');
    await toggleFavourite(Number(button.dataset.productId));
  } else {
    const { toggleSavedArticle } = await import('#stores/saved-articles.ts');
    await toggleSavedArticle(Number(button.dataset.articleId));
  }
}

/** Handles clicks on favourite and save-article toggles. */
export function setUpToggles(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLElement>(
      '[data-favourite-toggle], [data-save-article]',
    );
    if (!button) return;
    event.preventDefault();
    if (!$token.get()) {
      openLogin({ reason: button.matches('[data-favourite-toggle]') ? 'favourite' : 'save-article', stay: true });
      return;
    }
    if (busy.has(button)) return;
    busy.add(button);
    button.setAttribute('aria-busy', 'true');
    void toggle(button).finally(() => {
      busy.delete(button);
      button.removeAttribute('aria-busy');
    });
  });
}
