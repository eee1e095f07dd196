import { type Favourite, favoriteDelete, favoritePage, favoriteSave } from '#api/shop.ts';
import { call } from '#lib/http.ts';
import { savedList } from './saved-list.ts';

// The customer's favourite products, newest first: `$favourites`, their product ids `$favouriteIds`,
// `isFollow` (SPEC: isFollow), and `toggleFavourite`, which resolves to whether the product is a favourite now.
export const {
  $list: $favourites,
  $ids: $favouriteIds,
  has: isFollow,
  load: loadFavourites,
  toggle: toggleFavourite,
} = savedList({
  idOf: (favourite: Favourite) => favourite.productId,
  page: (request) => call(favoritePage, request),
  save: (productId) => call(favoriteSave, { productId }),
  remove: (productId) => call(favoriteDelete, { productId }),
  savedToast: 'toast.favouriteSaved',
  removedToast: 'toast.favouriteRemoved',
});
