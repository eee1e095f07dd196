import { categoryElectAll, categoryItem, categoryList, categoryPage } from './category.ts';
import type { Call } from './common.ts';
import {
  addressesList,
  addressesRemove,
  addressesSave,
  customerCheckCode,
  customerInfo,
  customerLogin,
  customerLogout,
  customerRegister,
  customerResetPassword,
  customerSendEmail,
  customerUpdate,
} from './customer.ts';
import {
  editorArticleDelete,
  editorArticlePublish,
  editorArticleSave,
  editorBuildStatus,
  editorCategoryDelete,
  editorCategoryPublish,
  editorCategorySave,
  editorConfigDelete,
  editorConfigSave,
  editorMetaDelete,
  editorMetaSave,
  editorProductDelete,
  editorProductPublish,
  editorProductSave,
  editorRebuild,
  editorReleaseList,
  editorReleaseRollback,
  editorSolutionDelete,
  editorSolutionPublish,
  editorSolutionSave,
} from './editor.ts';
import {
  editorAccountList,
  editorAccountSave,
  editorHistory,
  editorMe,
  editorTokenCreate,
  editorTokenList,
  editorTokenRevoke,
} from './editor-accounts.ts';
import { editorFileUpload } from './editor-files.ts';
import {
  editorArticleList,
  editorCategoryList,
  editorConfigList,
  editorMetaList,
  editorProductList,
  editorSolutionList,
} from './editor-lists.ts';
import { editorPreview, editorRecordItem } from './editor-records.ts';
import { editorSignin, editorSigninSend, editorSignout } from './editor-session.ts';
import { inquirySubmit, newsletterConfirm, newsletterSubscribe, newsletterUnsubscribe } from './inquiry.ts';
import { newsItem, newsPage } from './news.ts';
import { sitePageList, slugHistory } from './pages.ts';
import { productItem, productPage } from './product.ts';
import { productMatchParts } from './quick-order.ts';
import { quoteCreate, quotePage, quotePdf } from './quote.ts';
import { reorderPreview } from './reorder.ts';
import { productSelectKeyword, productSelectProduct } from './search.ts';
import {
  cartDelete,
  cartPage,
  cartSave,
  cartSaveLines,
  cartUpdate,
  favouriteDelete,
  favouritePage,
  favouriteSave,
  orderPage,
  orderSubmit,
  savedArticleDelete,
  savedArticlePage,
  savedArticleSave,
} from './shop.ts';
import { solutionsGroups, solutionsItem, solutionsPage } from './solutions.ts';
import { systemChanges, systemConfigList, systemConfigMeta } from './system.ts';

/**
 * Every call of the contract by its name, in the order the OpenAPI document lists them: the name is the
 * call's `operationId` there, so a generated client's methods are named as the contract names the calls.
 */
export const contract = {
  categoryList,
  categoryPage,
  categoryItem,
  categoryElectAll,
  productItem,
  productPage,
  productSelectKeyword,
  productSelectProduct,
  productMatchParts,
  solutionsPage,
  solutionsItem,
  solutionsGroups,
  newsPage,
  newsItem,
  systemConfigList,
  systemConfigMeta,
  systemChanges,
  sitePageList,
  slugHistory,
  customerSendEmail,
  customerCheckCode,
  customerRegister,
  customerLogin,
  customerLogout,
  customerInfo,
  customerUpdate,
  customerResetPassword,
  addressesList,
  addressesSave,
  addressesRemove,
  cartPage,
  cartSave,
  cartSaveLines,
  reorderPreview,
  cartUpdate,
  cartDelete,
  favouritePage,
  favouriteSave,
  favouriteDelete,
  savedArticlePage,
  savedArticleSave,
  savedArticleDelete,
  orderPage,
  orderSubmit,
  quoteCreate,
  quotePage,
  quotePdf,
  inquirySubmit,
  newsletterSubscribe,
  newsletterConfirm,
  newsletterUnsubscribe,
  editorCategorySave,
  editorCategoryPublish,
  editorCategoryDelete,
  editorProductSave,
  editorProductPublish,
  editorProductDelete,
  editorSolutionSave,
  editorSolutionPublish,
  editorSolutionDelete,
  editorArticleSave,
  editorArticlePublish,
  editorArticleDelete,
  editorMetaSave,
  editorMetaDelete,
  editorConfigSave,
  editorConfigDelete,
  editorRebuild,
  editorBuildStatus,
  editorReleaseList,
  editorReleaseRollback,
  editorSigninSend,
  editorSignin,
  editorSignout,
  editorMe,
  editorProductList,
  editorCategoryList,
  editorSolutionList,
  editorArticleList,
  editorMetaList,
  editorConfigList,
  editorRecordItem,
  editorPreview,
  editorFileUpload,
  editorTokenList,
  editorTokenCreate,
  editorTokenRevoke,
  editorAccountList,
  editorAccountSave,
  editorHistory,
} satisfies Record<string, Call>;

/** The name of a call of the contract. */
export type CallName = keyof typeof contract;

/** Every call of the contract, in the order the OpenAPI document lists them. */
export const calls: Call[] = Object.values(contract);
