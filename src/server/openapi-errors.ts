import type { CallName } from '#api/index.ts';
import type { MessageKey } from '#i18n/index.ts';
import type { ApiError } from './errors.ts';

// The errors each call of the contract answers besides those of its kind (openapi.ts adds those: 400 for
// input, 403 for a write from another site, 413, 500, and by who may call it 401, 403 and 429), for the
// OpenAPI document. Kept here, beside the server that throws them, not in the contract objects, which the
// visitors' pages carry (as body/file-limits.ts does the files' limits). Each entry is the message key a
// handler throws (the ApiErrors of src/server), so the document's examples are the real sentences: when a
// handler throws a new code or key, add it here. 400s listed here are those of the work, not of the input.

/** An error code the API answers, as in errors.ts. */
export type ErrorCode = Exclude<ApiError['code'], 405>;

/** A message an error may carry: its key, and the parameters that make its example read well. */
export type ErrorMessage = MessageKey | readonly [MessageKey, Record<string, string | number>];

export type ErrorsOf = Partial<Record<ErrorCode, readonly ErrorMessage[]>>;

const codeChecks: ErrorsOf = {
  400: ['api.codeWrong', 'api.codeExpired', 'api.codeBurnt'],
  429: ['api.tooManyRequests'],
};
const codeSends: ErrorsOf = { 429: ['api.tooManyRequests', 'api.codeResendTooSoon'] };
const notFound = (thing: string): ErrorsOf => ({ 404: [['api.notFound', { thing }]] });
/** A content save: the version check (editor-records.ts), and the rules every content write keeps. */
const contentSave = (entity: string): ErrorsOf => ({
  409: [
    ['api.editor.recordExists', { entity }],
    'api.editor.editConflict',
    'api.editor.recordGone',
    'api.categoryParentUnpublished',
    'api.productCategoryUnpublished',
  ],
});
const publish = (thing: string): ErrorsOf => ({
  404: [['api.notFound', { thing }]],
  409: ['api.categoryParentUnpublished', 'api.productCategoryUnpublished', 'api.articleCategoryUnpublished'],
});

export const CALL_ERRORS: Partial<Record<CallName, ErrorsOf>> = {
  categoryItem: notFound('category'),
  productItem: notFound('product'),
  solutionsItem: notFound('solution'),
  newsItem: notFound('article'),
  customerSendEmail: codeSends,
  customerCheckCode: codeChecks,
  customerRegister: { ...codeChecks, 409: ['api.usernameTaken', 'api.emailTaken'] },
  customerLogin: { 400: ['api.wrongCredentials'], 429: ['api.tooManyLogins', 'api.loginSlowedDown'] },
  customerResetPassword: codeChecks,
  addressesSave: { 404: ['api.addressNotFound'] },
  addressesRemove: { 404: ['api.addressNotFound'] },
  cartSave: notFound('product'),
  cartSaveLines: { 409: ['api.linesUnavailable'] },
  reorderPreview: {
    404: [
      ['api.notFound', { thing: 'order' }],
      ['api.notFound', { thing: 'quote' }],
    ],
  },
  cartUpdate: { 404: ['api.notInCart'] },
  favouriteSave: notFound('product'),
  savedArticleSave: notFound('article'),
  orderSubmit: { 400: ['api.cartEmpty', 'api.mixedCurrencies'], 404: ['api.addressNotFound'] },
  quoteCreate: { 400: ['api.cartEmpty', 'api.mixedCurrencies'] },
  quotePdf: notFound('quote'),
  inquirySubmit: {
    400: ['validation.attachmentType', 'validation.interestProductsUnknown'],
    429: ['api.tooManyInquiries'],
  },
  newsletterSubscribe: { 429: ['api.tooManyRequests'] },
  newsletterConfirm: { 404: ['api.newsletterLinkUnknown'] },
  newsletterUnsubscribe: { 404: ['api.newsletterLinkUnknown'] },
  editorCategorySave: { ...contentSave('category'), 400: ['api.categoryTooDeep'] },
  editorCategoryPublish: {
    404: [['api.notFound', { thing: 'category' }]],
    409: ['api.categoryUnpublishBlocked', 'api.categoryParentUnpublished'],
  },
  editorCategoryDelete: { ...notFound('category'), 409: ['api.categoryDeleteBlocked'] },
  editorProductSave: { ...contentSave('product'), 400: ['api.unknownCategoryKey', 'api.unknownPartNumber'] },
  editorProductPublish: publish('product'),
  editorProductDelete: notFound('product'),
  editorSolutionSave: { ...contentSave('solution'), ...notFound('solution'), 400: ['api.unknownPartNumber'] },
  editorSolutionPublish: publish('solution'),
  editorSolutionDelete: notFound('solution'),
  editorArticleSave: { ...contentSave('article'), ...notFound('article'), 400: ['api.unknownCategoryKey'] },
  editorArticlePublish: publish('article'),
  editorArticleDelete: notFound('article'),
  editorMetaSave: contentSave('meta'),
  editorMetaDelete: { 404: ['api.metaNotFound'] },
  editorConfigSave: { ...contentSave('config'), 400: ['api.editor.mailRoutingInvalid'] },
  editorConfigDelete: { 404: ['api.configNotFound'], 409: ['api.editor.mailRoutingRequired'] },
  editorReleaseList: { 409: ['api.editor.noPublisher'] },
  editorReleaseRollback: {
    404: ['api.editor.releaseNotFound'],
    409: ['api.editor.noPublisher', 'api.editor.nothingPublished', 'api.editor.nothingToRollBack'],
  },
  editorBuildStatus: notFound('build'),
  editorSigninSend: codeSends,
  editorSignin: codeChecks,
  editorRecordItem: { 403: [['api.editor.forbidden', { role: 'editor' }]], 404: ['api.editor.recordNotFound'] },
  editorPreview: {
    404: ['api.editor.recordNotFound'],
    409: ['api.editor.noPublisher', 'api.editor.previewUnpublished'],
  },
  editorFileUpload: {
    400: ['validation.uploadType', 'validation.uploadMismatch', 'validation.uploadDamaged'],
    413: ['validation.uploadImageSize'],
  },
  editorTokenList: { 403: ['api.editor.othersTokens'] },
  editorTokenCreate: { 409: ['api.editor.tokenNameTaken'] },
  editorTokenRevoke: notFound('token'),
  editorAccountSave: { 409: ['api.editor.lastAdmin'] },
};

/**
 * Values for the parameters of the examples' messages, where the entry gives none: what a real answer
 * would say. A key here for every parameter the messages above take (the test checks none is left unfilled).
 */
export const SAMPLE_PARAMS: Record<string, string | number> = {
  id: 42,
  thing: 'product',
  minutes: 15,
  seconds: 45,
  role: 'editor',
  email: 'editor@example.com',
  name: 'purchasing',
  entity: 'product',
  key: 'LS-405-50',
  by: 'editor@example.com',
  at: '2026-05-04 09:30',
  field: 'relatedProducts.0',
  partNumber: 'LS-405-51',
  parent: 'spectrometers',
  children: 2,
  products: 14,
  articles: 3,
  configName: 'salesEmail',
  page: 'about',
  release: '2026-05-04T09-30-00Z',
  releases: '2026-05-03T16-02-11Z, 2026-05-04T09-30-00Z',
  named: 'PNG',
  actual: 'JPEG',
  max: 100,
  kb: 64,
  path: 'POST /api/no/such/call',
};
