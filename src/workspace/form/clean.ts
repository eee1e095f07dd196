import { BODY_ATTRIBUTES, BODY_SCHEMES, BODY_TAGS } from '#lib/sanitize-rules.ts';

// A body's HTML as the API answers it is untrusted (an editor's save is cleaned by the server, but a body
// may come from elsewhere, or from before the rules): before the rich-text area shows it, it is reduced to
// the tags, attributes and link schemes the site keeps, the server's own rules. Parsed by DOMParser, which
// runs no script and loads no image; only a tree built from the kept nodes reaches the page.

const TAGS = new Set(BODY_TAGS);
/** Elements whose content is dropped with them (not text a reader would miss). */
const DROPPED = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'svg', 'math']);

function keptUrl(value: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value.trim())?.[1]?.toLowerCase();
  return scheme === undefined ? !value.trim().startsWith('//') : BODY_SCHEMES.includes(scheme);
}

function copyKept(from: Node, into: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      into.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const element = child as Element;
    const tag = element.tagName.toLowerCase();
    if (DROPPED.has(tag)) continue;
    if (!TAGS.has(tag)) {
      // An unknown tag goes, its text stays (as the server's cleaning does).
      copyKept(element, into, doc);
      continue;
    }
    const kept = doc.createElement(tag);
    for (const name of BODY_ATTRIBUTES[tag] ?? []) {
      const value = element.getAttribute(name);
      if (value !== null && (name !== 'href' || keptUrl(value))) kept.setAttribute(name, value);
    }
    copyKept(element, kept, doc);
    into.appendChild(kept);
  }
}

/** The HTML reduced to what the site keeps, safe to show in the rich-text area. */
export function cleanBody(html: string): string {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const holder = out.createElement('div');
  copyKept(parsed.body, holder, out);
  return holder.innerHTML;
}
