import { type Favourite, favouriteDelete, favouritePage, favouriteSave } from '#api/shop.ts';
import { call } from './api-client.ts';
import { savedList } from './saved-list.ts';

// The customer's favourite products, newest first: `$favourites`; their product ids `$favouriteIds` (the
// SPEC's local isFollow flag: a product is flagged when its id is there); and `toggleFavourite`, which
// resolves to whether the product is a favourite now.
export const {
  $list: $favourites,
  $ids: $favouriteIds,
  load: loadFavourites,
  toggle: toggleFavourite,
} = savedList({
  idOf: (favourite: Favourite) => favourite.productId,
  page: (request) => call(favouritePage, request),
  save: (productId) => call(favouriteSave, { productId }),
  remove: (productId) => call(favouriteDelete, { productId }),
  savedToast: 'toast.favouriteSaved',
  removedToast: 'toast.favouriteRemoved',
});
