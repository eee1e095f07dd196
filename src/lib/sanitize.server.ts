import sanitizeHtml from 'sanitize-html';
import { BODY_ATTRIBUTES, BODY_SCHEMES, BODY_TAGS } from './sanitize-rules.ts';

// Article, solution and page bodies are written by editors; they are cleaned before they are
// served or built, so no script, style or foreign markup reaches a visitor.
const options: sanitizeHtml.IOptions = {
  allowedTags: BODY_TAGS,
  allowedAttributes: BODY_ATTRIBUTES,
  allowedSchemes: BODY_SCHEMES,
  allowProtocolRelative: false,
  transformTags: {
    // Links that leave the site open in a new tab without handing it the opener.
    a: (tagName, attribs) =>
      /^https:/i.test(attribs.href ?? '')
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer', target: '_blank' } }
        : { tagName, attribs },
  },
};

/** Editor HTML reduced to the tags and links the site allows. */
export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, options);
}
