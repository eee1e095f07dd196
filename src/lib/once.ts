/**
 * Markup that is the same on every page for the same data (the header's menus, the footer, the dialogs):
 * rendered by the first page that asks, then reused by the rest of the build (`Once.astro`). Keyed by the
 * data object itself, so data that changes (a dev server's reload, another build) is a new object and
 * renders again; a render that fails is not kept.
 */
const rendered = new WeakMap<object, Map<string, Promise<string>>>();

export function renderedOnce(data: object, key: string, render: () => Promise<string>): Promise<string> {
  let byKey = rendered.get(data);
  if (!byKey) {
    byKey = new Map();
    rendered.set(data, byKey);
  }
  let html = byKey.get(key);
  if (html === undefined) {
    const kept = byKey;
    html = render();
    kept.set(key, html);
    html.catch(() => kept.delete(key));
  }
  return html;
}
