// What an editor's body HTML keeps (articles, solutions, pages): the server's cleaning uses these rules
// (sanitize.server.ts), and the editors' workspace shows them beside the rich-text field.

/** The tags kept; any other tag is dropped, its text kept. */
export const BODY_TAGS = [
  'p',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'b',
  'i',
  'a',
  'br',
  'blockquote',
  'code',
];
/** The attributes kept, by tag; every other attribute (style, class, event handlers) is dropped. */
export const BODY_ATTRIBUTES: Record<string, string[]> = { a: ['href', 'title', 'rel', 'target'] };
/** The link schemes kept: other links lose their address. */
export const BODY_SCHEMES = ['https', 'mailto'];
