import type { Call } from '#api/common.ts';

// Valid payloads, one per call with required fields: the fuzzer's mutations (fuzz-inputs.ts) start from
// these, and read the request schemas for the fields to break.

const password = 'correct horse battery';
const samples: Record<string, Record<string, unknown>> = {
  '/category/item': { id: 1 },
  '/product/item': { id: 1 },
  '/product/select/keyword': { keyWord: 'guangpuyi' },
  '/product/select/product': { keyWord: 'SP-UV-VIS-25', selectType: 'category' },
  '/solutions/item': { id: 1 },
  '/news/item': { id: 1 },
  '/system/config/meta': { pageHome: 'home' },
  '/system/changes': { since: 0 },
  '/client/send/email': { email: 'fuzz@example.com', purpose: 'register' },
  '/client/check/code': { email: 'fuzz@example.com', code: '123456', purpose: 'register' },
  '/client/register': {
    username: 'fuzzer',
    name: 'Fuzz',
    email: 'fuzz@example.com',
    password,
    confirmPassword: password,
    contactNumber: '+65 6123 4567',
    code: '123456',
    agree: true,
  },
  '/client/login': { account: 'fuzzer', password },
  '/client/password/reset': { email: 'fuzz@example.com', code: '123456', password, confirmPassword: password },
  '/client/addresses/save': { name: 'Fuzz', contactNumber: '+65 6123 4567', address: '1 Test Way', country: 'SG' },
  '/client/addresses/remove': { id: 1 },
  '/product/match-parts': { lines: [{ partNumber: 'LS-405-50', quantity: 2 }] },
  '/shop/cart/save': { productId: 1 },
  '/shop/cart/save-lines': { lines: [{ productId: 1, quantity: 2 }] },
  '/shop/reorder/preview': { source: 'quote', id: 1 },
  '/shop/cart/update': { productId: 1, quantity: 2 },
  '/shop/cart/delete': { productId: 1 },
  '/favorite/save': { productId: 1 },
  '/favorite/delete': { productId: 1 },
  '/news/collect/save': { newsId: 1 },
  '/news/collect/delete': { newsId: 1 },
  '/order/submit': { addressId: 1 },
  '/quote/pdf': { id: 1 },
  '/inquiry/submit': {
    inquiryType: 'quote',
    fullName: 'Fuzz',
    email: 'fuzz@example.com',
    company: 'Fuzz Ltd',
    department: 'QA',
    country: 'Singapore',
    productModel: 'CCS200/M',
    message: 'Please quote.',
    interestProducts: [1],
    applicationIndustry: 'physics',
    agreeToTerms: true,
    submissionId: '0b6f3f5e-2f4a-4c1e-9d7a-3c2b1a0f9e8d',
  },
  '/newsletter/subscribe': { email: 'fuzz@example.com' },
  '/newsletter/confirm': { token: 'fuzz-token-fuzz-token-fuzz-token' },
  '/newsletter/unsubscribe': { token: 'fuzz-token-fuzz-token-fuzz-token' },
  '/editor/config/save': { configName: 'fuzz', configValue: { en: 'a', zh: 'b' } },
  '/editor/product/publish': { id: 1, published: true },
  '/editor/category/save': {
    key: 'fuzz',
    name: { en: 'Fuzz', zh: '模糊' },
    description: { en: '', zh: '' },
  },
  '/editor/category/publish': { id: 1, published: true },
  '/editor/category/delete': { id: 1 },
  '/editor/product/save': {
    partNumber: 'FZ-1',
    category: 'lasers',
    family: 'laser',
    name: { en: 'Fuzz laser', zh: '模糊激光器' },
    summary: { en: '', zh: '' },
    description: { en: '', zh: '' },
    price: 1,
    leadTimeDays: 1,
    stock: 0,
    attributes: [{ label: { en: 'Power', zh: '功率' }, value: '1', unit: 'mW' }],
  },
  '/editor/product/delete': { id: 1 },
  '/editor/solution/save': {
    type: 0,
    title: { en: 'Fuzz', zh: '模糊' },
    summary: { en: '', zh: '' },
    body: { en: '<p>x</p>', zh: '<p>x</p>' },
    products: [],
  },
  '/editor/solution/publish': { id: 1, published: true },
  '/editor/solution/delete': { id: 1 },
  '/editor/article/save': {
    kind: 'news',
    contentType: 'company-news',
    productSeries: 'lasers',
    author: { en: 'Fuzz', zh: '模糊' },
    publishedAt: '2026-01-01',
    title: { en: 'Fuzz', zh: '模糊' },
    summary: { en: '', zh: '' },
    body: { en: '', zh: '' },
  },
  '/editor/article/publish': { id: 1, published: true },
  '/editor/article/delete': { id: 1 },
  '/editor/meta/save': { page: 'fuzz', meta: [{ name: 'title', content: { en: 'Fuzz', zh: '模糊' } }] },
  '/editor/meta/delete': { page: 'fuzz' },
  '/editor/config/delete': { configName: 'fuzz' },
  '/editor/rebuild': {},
  '/editor/build/status': { buildId: '20260101000000-abcdef' },
  '/editor/token/create': { name: 'fuzz' },
  '/editor/token/revoke': { id: 1 },
  '/editor/account/save': { email: 'fuzz@example.com', role: 'editor' },
  '/editor/signin/send': { email: 'fuzz@example.com' },
  '/editor/signin': { email: 'fuzz@example.com', code: '123456' },
  '/editor/product/list': { keyword: 'laser', translation: 'incomplete' },
  '/editor/category/list': { keyword: 'laser' },
  '/editor/solution/list': { translation: 'stale' },
  '/editor/article/list': { published: 'unpublished', sort: 'title' },
  '/editor/meta/list': { keyword: 'title' },
  '/editor/config/list': { translation: 'missing' },
  '/editor/record/item': { entity: 'product', key: '1' },
  '/editor/preview': { entity: 'product', key: '1' },
  // A form's file as the router hands it over; as JSON it is no file, and refused.
  '/editor/file/upload': {
    file: { name: 'fuzz.pdf', type: 'application/pdf', bytes: new TextEncoder().encode('%PDF-1.4\n%%EOF\n') },
  },
};
/** A valid request of the call (in English), for the fuzzer to break. */
export const sampleOf = (call: Call): Record<string, unknown> => ({ language: 'en', ...samples[call.path] });

/** What the test reads of a valibot schema: object entries, the wrapped schema of an optional, the type. */
export interface SchemaShape {
  type: string;
  entries?: Record<string, SchemaShape>;
  wrapped?: SchemaShape;
}

/** The fields of a call's request schema (an object, or an object in a pipe: both carry entries). */
export const fieldsOf = (call: Call) => (call.request as unknown as SchemaShape).entries ?? {};

/** The type a field checks first: `string`, `number`, `boolean`, `picklist`, `literal`. */
export function baseType(schema: SchemaShape): string {
  let inner = schema;
  while (inner.wrapped) inner = inner.wrapped;
  return inner.type;
}

/** The object without the named fields. */
export const omit = (object: Record<string, unknown>, names: string[]) =>
  Object.fromEntries(Object.entries(object).filter(([key]) => !names.includes(key)));
