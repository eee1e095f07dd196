import { atom, computed } from 'nanostores';
import { MAX_PAGE_SIZE } from '#api/common.ts';
import { type MessageKey, t } from '#i18n/index.ts';
import { $locale } from './locale.ts';
import { showToast } from './toasts.ts';
import { $token } from './token.ts';

interface Options<T> {
  /** The id of the product or article an item stands for. */
  idOf: (item: T) => number;
  page: (request: { pageNum: number; pageSize: number }) => Promise<{ records: T[] } | undefined>;
  /** Resolves to the new item, or undefined when the call failed (and was toasted). */
  save: (id: number) => Promise<T | undefined>;
  /** Resolves to null when removed, or undefined when the call failed (and was toasted). */
  remove: (id: number) => Promise<null | undefined>;
  savedToast: MessageKey;
  removedToast: MessageKey;
}

/**
 * A list the customer keeps (favourite products, saved articles): newest first, loaded whole, toggled one
 * id at a time with a toast, and emptied when the session ends.
 */
export function savedList<T>({ idOf, page, save, remove, savedToast, removedToast }: Options<T>) {
  const $list = atom<T[]>([]);
  const $ids = computed($list, (list) => new Set(list.map(idOf)));
  const has = (id: number): boolean => $ids.get().has(id);

  async function load(): Promise<void> {
    const result = await page({ pageNum: 1, pageSize: MAX_PAGE_SIZE });
    if (result) $list.set(result.records);
  }

  /** Saves the id, or removes it when it is in the list; resolves to whether it is in the list now. */
  async function toggle(id: number): Promise<boolean> {
    const locale = $locale.get();
    if (has(id)) {
      if ((await remove(id)) === undefined) return true;
      $list.set($list.get().filter((item) => idOf(item) !== id));
      showToast(t(locale, removedToast), 'success');
      return false;
    }
    const item = await save(id);
    if (!item) return false;
    $list.set([item, ...$list.get().filter((other) => idOf(other) !== id)]);
    showToast(t(locale, savedToast), 'success');
    return true;
  }

  $token.listen((token) => {
    if (!token) $list.set([]);
  });

  return { $list, $ids, has, load, toggle };
}
