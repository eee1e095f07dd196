import { savedArticleDelete, savedArticlePage, savedArticleSave, type SavedArticle } from '#api/shop.ts';
import { call } from '#lib/http.ts';
import { savedList } from './saved-list.ts';

// The customer's saved articles (news collect), newest first: `$savedNews`, their article ids `$savedNewsIds`,
// `isSaved`, and `toggleSavedNews`, which resolves to whether the article is saved now.
export const {
  $list: $savedNews,
  $ids: $savedNewsIds,
  has: isSaved,
  load: loadSavedNews,
  toggle: toggleSavedNews,
} = savedList({
  idOf: (saved: SavedArticle) => saved.newsId,
  page: (request) => call(savedArticlePage, request),
  save: (newsId) => call(savedArticleSave, { newsId }),
  remove: (newsId) => call(savedArticleDelete, { newsId }),
  savedToast: 'toast.articleSaved',
  removedToast: 'toast.articleRemoved',
});
