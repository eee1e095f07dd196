import { atom, computed } from 'nanostores';
import { MAX_PAGE_SIZE } from '../api/common.ts';
import { newsCollectDelete, newsCollectPage, newsCollectSave, type SavedArticle } from '../api/shop.ts';
import { t } from '../i18n/index.ts';
import { call } from '../lib/http.ts';
import { $locale } from './locale.ts';
import { showToast } from './toasts.ts';
import { $token } from './token.ts';

/** The customer's saved articles (news collect), newest first. */
export const $savedNews = atom<SavedArticle[]>([]);

/** The ids of the saved articles. */
export const $savedNewsIds = computed($savedNews, (list) => new Set(list.map((s) => s.newsId)));

export const isSaved = (newsId: number): boolean => $savedNewsIds.get().has(newsId);

export async function loadSavedNews(): Promise<void> {
  const page = await call(newsCollectPage, { pageNum: 1, pageSize: MAX_PAGE_SIZE });
  if (page) $savedNews.set(page.records);
}

/** Saves an article, or removes it when it is saved; resolves to whether it is saved now. */
export async function toggleSavedNews(newsId: number): Promise<boolean> {
  const locale = $locale.get();
  if (isSaved(newsId)) {
    if ((await call(newsCollectDelete, { newsId })) === undefined) return true;
    $savedNews.set($savedNews.get().filter((s) => s.newsId !== newsId));
    showToast(t(locale, 'toast.articleRemoved'), 'success');
    return false;
  }
  const saved = await call(newsCollectSave, { newsId });
  if (!saved) return false;
  $savedNews.set([saved, ...$savedNews.get().filter((s) => s.newsId !== newsId)]);
  showToast(t(locale, 'toast.articleSaved'), 'success');
  return true;
}

$token.listen((token) => {
  if (!token) $savedNews.set([]);
});
