import { categoryElectAll, categoryItem, categoryList, categoryPage } from './category.ts';
import {
  addressesList,
  addressesRemove,
  addressesSave,
  clientCheckCode,
  clientInfo,
  clientLogin,
  clientLogout,
  clientRegister,
  clientResetPassword,
  clientSendEmail,
  clientUpdate,
} from './client.ts';
import type { Call } from './common.ts';
import { editorBuildStatus, editorConfigSave, editorProductPublish, editorRebuild } from './editor.ts';
import { inquirySubmit, newsletterConfirm, newsletterSubscribe, newsletterUnsubscribe } from './inquiry.ts';
import { newsItem, newsPage } from './news.ts';
import { sitePageList, slugHistory } from './pages.ts';
import { productItem, productPage } from './product.ts';
import { productSelectKeyword, productSelectProduct } from './search.ts';
import {
  cartDelete,
  cartPage,
  cartSave,
  cartUpdate,
  favoriteDelete,
  favoritePage,
  favoriteSave,
  newsCollectDelete,
  newsCollectPage,
  newsCollectSave,
  orderPage,
  orderSubmit,
} from './shop.ts';
import { solutionsGroups, solutionsItem, solutionsPage } from './solutions.ts';
import { systemConfigList, systemConfigMeta } from './system.ts';

/** Every call of the contract, in the order the OpenAPI document lists them. */
export const calls: Call[] = [
  categoryList,
  categoryPage,
  categoryItem,
  categoryElectAll,
  productItem,
  productPage,
  productSelectKeyword,
  productSelectProduct,
  solutionsPage,
  solutionsItem,
  solutionsGroups,
  newsPage,
  newsItem,
  systemConfigList,
  systemConfigMeta,
  sitePageList,
  slugHistory,
  clientSendEmail,
  clientCheckCode,
  clientRegister,
  clientLogin,
  clientLogout,
  clientInfo,
  clientUpdate,
  clientResetPassword,
  addressesList,
  addressesSave,
  addressesRemove,
  cartPage,
  cartSave,
  cartUpdate,
  cartDelete,
  favoritePage,
  favoriteSave,
  favoriteDelete,
  newsCollectPage,
  newsCollectSave,
  newsCollectDelete,
  orderPage,
  orderSubmit,
  inquirySubmit,
  newsletterSubscribe,
  newsletterConfirm,
  newsletterUnsubscribe,
  editorConfigSave,
  editorProductPublish,
  editorRebuild,
  editorBuildStatus,
];
