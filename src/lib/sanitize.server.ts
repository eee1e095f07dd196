import sanitizeHtml from 'sanitize-html';

// Article, solution and page bodies are written by editors; they are cleaned before they are
// served or built, so no script, style or foreign markup reaches a visitor.
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'a', 'br', 'blockquote', 'code'],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['https', 'mailto'],
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
