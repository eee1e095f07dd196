// Where a page's inline scripts are, as a browser's HTML parser finds them: only a `<script>` tag in markup
// starts one, not the same letters inside an attribute's value, a comment or an element whose content is
// text. Astro escapes `&` and `"` in attribute values but not `<`, so a product named
// `</script><script>x()</script>` is in its image's `alt` as it is: harmless there, and no script.
//
// Foreign content (inline SVG and MathML), where `<style>` holds markup, is read as HTML: the site has
// none with a script or style in it. A script the reading misses is not in the policy, so the browser does
// not run it: the policy only ever lists what is found here, and only the build's own (own-scripts.ts).
//
// Reading every tag costs about 80 µs a 28 KB page (the demo's 336 pages), ten times the one expression
// used before; at 20,000 pages, 1.6 s of the renderer's thread. So the finisher first takes the quick way
// (`quickInlineScriptSpans`, 20 µs), which is enough when each script it finds is the build's own, and
// reads the page tag by tag only when one is not (decision 0067).

/** Script types the browser does not run (data blocks such as JSON-LD): a policy need not allow them. */
const DATA_BLOCK = /^(application|text)\/([\w.-]+\+)?json$/i;

/** Elements whose content the parser reads as text up to their end tag (raw text and RCDATA; noscript too, scripts being on). */
const TEXT_ELEMENTS = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
]);

/** An attribute in a start tag's text: its name, and its value quoted either way or not. */
const ATTRIBUTE = /([^\s"'>/=][^\s"'>/=]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;
const isLetter = (code: number) => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
/** What ends a tag's name: a space, `/` or `>`. */
const endsName = (code: number) => isSpace(code) || code === 0x2f || code === 0x3e;

/** Whether a name of this first letter (lower case) and length may be one of TEXT_ELEMENTS. */
const mayBeTextElement = (first: number, length: number) => TEXT_LENGTHS.get(first)?.includes(length) === true;
const TEXT_LENGTHS = new Map<number, number[]>();
for (const name of TEXT_ELEMENTS) {
  const first = name.charCodeAt(0);
  TEXT_LENGTHS.set(first, [...(TEXT_LENGTHS.get(first) ?? []), name.length]);
}

const endTags = new Map<string, RegExp>();
/** The end tag that closes a text element's content: `</name` then a space, `/` or `>`, in any case. */
function endTagOf(name: string): RegExp {
  let found = endTags.get(name);
  if (!found) {
    found = new RegExp(`</${name}[\\s/>]`, 'gi');
    endTags.set(name, found);
  }
  return found;
}

/** The value of the first attribute of that name in a start tag's text, or undefined. */
function attribute(text: string, name: string): string | undefined {
  for (const [, key = '', double, single, bare] of text.matchAll(ATTRIBUTE)) {
    if (key.toLowerCase() === name) return double ?? single ?? bare ?? '';
  }
  return undefined;
}

/**
 * Where the text of each inline script a browser would run is, as [start, end) in `html`: scripts with a
 * `src` and data blocks (JSON-LD) left out. Run on a page's bytes read as latin1 (one character a byte),
 * these are the script's bytes: the markup around is ASCII.
 */
export function inlineScriptSpans(html: string): [number, number][] {
  const spans: [number, number][] = [];
  const length = html.length;
  // The next quote of each kind and the next `--!>` at or after where the scan is (it only moves on), each
  // looked for once: looked for from every tag, one far off would have the page read again for each.
  const next = [-1, -1, -1];
  const nextOf = (which: 0 | 1 | 2, from: number) => {
    if ((next[which] as number) < from) {
      const found = html.indexOf(which === 0 ? '"' : which === 1 ? "'" : '--!>', from);
      next[which] = found === -1 ? length : found;
    }
    return next[which] as number;
  };
  /**
   * Where the tag whose name ends at `from` ends (after its `>`), or -1 for a tag the page ends in, which a
   * browser drops: a `>` inside a quoted value does not end it, and a quote opens a value only after `=`
   * (spaces between).
   */
  const endOf = (from: number) => {
    let at = from;
    for (;;) {
      const close = html.indexOf('>', at);
      if (close === -1) return -1;
      const quote = Math.min(nextOf(0, at), nextOf(1, at));
      if (quote > close) return close + 1;
      let before = quote - 1;
      while (before >= from && isSpace(html.charCodeAt(before))) before--;
      if (before < from || html.charCodeAt(before) !== 0x3d /* = */) {
        at = quote + 1;
        continue;
      }
      const closing = html.indexOf(html.charAt(quote), quote + 1);
      if (closing === -1) return -1;
      at = closing + 1;
    }
  };
  let at = html.indexOf('<');
  while (at !== -1) {
    let after: number;
    const second = html.charCodeAt(at + 1);
    if (second === 0x21 /* ! */ && html.startsWith('--', at + 2)) {
      // A comment: `<!-->` and `<!--->` end at once, any other at `-->` or `--!>`.
      if (html.startsWith('>', at + 4)) after = at + 5;
      else if (html.startsWith('->', at + 4)) after = at + 6;
      else {
        const plain = html.indexOf('-->', at + 4);
        const other = nextOf(2, at + 4);
        after = plain !== -1 && plain < other ? plain + 3 : other === length ? length : other + 4;
      }
    } else if (second === 0x21 || second === 0x3f /* ? */) {
      // A doctype, or a bogus comment: up to the next `>`.
      const close = html.indexOf('>', at);
      after = close === -1 ? length : close + 1;
    } else {
      const closing = second === 0x2f; /* / */
      const nameStart = at + (closing ? 2 : 1);
      if (!isLetter(html.charCodeAt(nameStart))) {
        // Text, as the parser takes a `<` that starts no tag.
        after = at + 1;
      } else {
        let nameEnd = nameStart + 1;
        while (nameEnd < length && !endsName(html.charCodeAt(nameEnd))) nameEnd++;
        const end = endOf(nameEnd);
        if (end === -1) break;
        after = end;
        // Only a start tag that may be a text element's has its name read (a string a tag costs time).
        const element =
          !closing && mayBeTextElement(html.charCodeAt(nameStart) | 0x20, nameEnd - nameStart)
            ? html.slice(nameStart, nameEnd).toLowerCase()
            : '';
        if (TEXT_ELEMENTS.has(element)) {
          const endTag = endTagOf(element);
          endTag.lastIndex = end;
          const close = endTag.exec(html);
          if (element === 'script') {
            const text = html.slice(nameEnd, end - 1);
            const type = attribute(text, 'type');
            if (attribute(text, 'src') === undefined && !(type && DATA_BLOCK.test(type.trim()))) {
              spans.push([end, close ? close.index : length]);
            }
          }
          after = close ? endOf(close.index + 2 + element.length) : length;
          if (after === -1) break;
        }
      }
    }
    at = after < length ? html.indexOf('<', after) : -1;
  }
  return spans;
}

/** Where a tag named script may begin: `<script` and a space, `/` or `>`, in any case. */
const SCRIPT_START = /<script[\s/>]/gi;
/**
 * A script element as Astro writes one: `<script`, attributes of plain names with double-quoted values
 * holding neither `<` nor `>`, its text, `</script>`.
 */
const PLAIN_SCRIPT = /<script((?:\s+[\w:-]+(?:="[^"<>]*")?)*)>([\s\S]*?)<\/script>/g;

/**
 * The spans `inlineScriptSpans` gives, found the quick way (a tenth of the time): every `<script` of the
 * page must begin a script element written plainly (PLAIN_SCRIPT) whose text holds no `</script`; else
 * undefined, and only the parser's way (inlineScriptSpans) can tell. Without the parser's state, a span
 * found may lie in an attribute's value or a comment, where a browser sees no script; every script a
 * browser sees is among them, with its text. So a caller that finds each span's text allowed may take
 * them, and one that finds any not allowed must ask inlineScriptSpans which are scripts.
 */
export function quickInlineScriptSpans(html: string): [number, number][] | undefined {
  const spans: [number, number][] = [];
  const starts: number[] = [];
  for (const match of html.matchAll(PLAIN_SCRIPT)) {
    const [whole, attributes = '', text = ''] = match;
    if (/<\/script/i.test(text)) return undefined;
    starts.push(match.index);
    const type = attribute(attributes, 'type');
    if (attribute(attributes, 'src') !== undefined || (type && DATA_BLOCK.test(type.trim()))) continue;
    const end = match.index + whole.length - '</script>'.length;
    spans.push([end - text.length, end]);
  }
  let plain = 0;
  for (const match of html.matchAll(SCRIPT_START)) {
    if (match.index !== starts[plain]) return undefined;
    plain++;
  }
  return plain === starts.length ? spans : undefined;
}

/** The text of every inline script in a page that the browser would run. */
export function inlineScripts(html: string): string[] {
  return inlineScriptSpans(html).map(([start, end]) => html.slice(start, end));
}
