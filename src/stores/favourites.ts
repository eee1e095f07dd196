import { atom, computed } from 'nanostores';
import { MAX_PAGE_SIZE } from '../api/common.ts';
import { type Favourite, favoriteDelete, favoritePage, favoriteSave } from '../api/shop.ts';
import { t } from '../i18n/index.ts';
import { call } from '../lib/http.ts';
import { $locale } from './locale.ts';
import { showToast } from './toasts.ts';
import { $token } from './token.ts';

/** The customer's favourite products, newest first. */
export const $favourites = atom<Favourite[]>([]);

/** The ids of the favourite products. */
export const $favouriteIds = computed($favourites, (list) => new Set(list.map((f) => f.productId)));

/** Whether a product is one of the customer's favourites (SPEC: isFollow). */
export const isFollow = (productId: number): boolean => $favouriteIds.get().has(productId);

export async function loadFavourites(): Promise<void> {
  const page = await call(favoritePage, { pageNum: 1, pageSize: MAX_PAGE_SIZE });
  if (page) $favourites.set(page.records);
}

/** Saves a product as a favourite, or removes it when it is one; resolves to whether it is one now. */
export async function toggleFavourite(productId: number): Promise<boolean> {
  const locale = $locale.get();
  if (isFollow(productId)) {
    if ((await call(favoriteDelete, { productId })) === undefined) return true;
    $favourites.set($favourites.get().filter((f) => f.productId !== productId));
    showToast(t(locale, 'toast.favouriteRemoved'), 'success');
    return false;
  }
  const favourite = await call(favoriteSave, { productId });
  if (!favourite) return false;
  $favourites.set([favourite, ...$favourites.get().filter((f) => f.productId !== productId)]);
  showToast(t(locale, 'toast.favouriteSaved'), 'success');
  return true;
}

$token.listen((token) => {
  if (!token) $favourites.set([]);
});
