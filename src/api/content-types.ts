// The kinds of knowledge centre article, in the order the contract lists them: plain data, so the browser's
// knowledge centre can offer and check them without loading the contract's schemas (news.ts).
export const CONTENT_TYPES = [
  'application-note',
  'technical-article',
  'case-study',
  'webinar',
  'product-news',
  'company-news',
] as const;
