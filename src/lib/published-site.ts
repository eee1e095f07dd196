// What a published site holds for whoever serves it (the API's static serving, a CDN): the `_headers` file
// with the pages' Content-Security-Policy, and the precompressed copies beside the text files. The build
// writes them (src/build/finish/), the server reads them (src/server/middleware/); both take the names here.

/** The file a build writes beside its pages: the headers a CDN that reads `_headers` sends, and the API server. */
export const HEADERS_FILE = '_headers';

/** What every answer carries, site and API. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // For browsers that predate frame-ancestors.
  'x-frame-options': 'DENY',
};

export interface SitePolicyOptions {
  /** `'sha256-…'` sources of the inline scripts the pages carry. */
  scriptHashes?: readonly string[];
  /** Origins the pages' scripts call besides their own, e.g. an API on another host. */
  connectOrigins?: readonly string[];
}

/**
 * The site's policy as a `<meta>` can carry it: nothing from other hosts, scripts from the site or matching
 * a hash (no 'unsafe-inline'), inline styles allowed (Astro inlines small stylesheets).
 */
export function metaPolicy({ scriptHashes = [], connectOrigins = [] }: SitePolicyOptions = {}): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    ["connect-src 'self'", ...connectOrigins].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** The site's policy as a header: the meta policy and what only a header can say (no framing). */
export function headerPolicy(options: SitePolicyOptions = {}): string {
  return `${metaPolicy(options)}; frame-ancestors 'none'`;
}

/** The Content-Security-Policy line of a `_headers` file; undefined when it has none. */
export function policyOfHeadersFile(text: string): string | undefined {
  return /^\s*Content-Security-Policy:\s*(.+?)\s*$/im.exec(text)?.[1];
}

/** The `_headers` file (Netlify, Cloudflare Pages): the headers the API server sends with the site. */
export function headersFile(options: SitePolicyOptions): string {
  const lines = ['/*', `  Content-Security-Policy: ${headerPolicy(options)}`];
  for (const [name, value] of Object.entries(COMMON_HEADERS)) lines.push(`  ${name}: ${value}`);
  lines.push('/_astro/*', '  Cache-Control: public, max-age=31536000, immutable');
  return `${lines.join('\n')}\n`;
}

/** Text types worth compressing; images, fonts, PDFs and ZIPs are compressed already. */
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.xml', '.txt', '.svg', '.csv']);
/** Files under this size go out as they are: the headers would eat most of the saving. */
export const MIN_COMPRESS_BYTES = 1024;
/** The precompressed copies a file may have beside it, by Content-Encoding: `x.js.br`, `x.js.gz`. */
export const PRECOMPRESSED = { br: '.br', gzip: '.gz' } as const;
