import { type SavedArticle, savedArticleDelete, savedArticlePage, savedArticleSave } from '#api/shop.ts';
import { call } from './api-client.ts';
import { savedList } from './saved-list.ts';

// The customer's saved articles (the contract's news collect), newest first: `$savedArticles`, their article
// ids `$savedArticleIds`, and `toggleSavedArticle`, which resolves to whether the article is saved now.
export const {
  $list: $savedArticles,
  $ids: $savedArticleIds,
  load: loadSavedArticles,
  toggle: toggleSavedArticle,
} = savedList({
  idOf: (saved: SavedArticle) => saved.newsId,
  page: (request) => call(savedArticlePage, request),
  save: (newsId) => call(savedArticleSave, { newsId }),
  remove: (newsId) => call(savedArticleDelete, { newsId }),
  savedToast: 'toast.articleSaved',
  removedToast: 'toast.articleRemoved',
});
