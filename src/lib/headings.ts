/**
 * Renumbers the headings of sanitised editor HTML so they continue the page's outline: the body's
 * highest heading becomes `top` and each deeper level one more, without gaps (capped at h6). Editors
 * write h3 or h4 wherever they like; screen reader users navigate by level.
 */
export function fitHeadings(html: string, top: number): string {
  const levels = [...new Set([...html.matchAll(/<h([1-6])>/g)].map((match) => Number(match[1])))].sort((a, b) => a - b);
  const to = new Map(levels.map((level, i) => [level, Math.min(6, top + i)]));
  // Sanitised bodies keep no attributes on headings, so a heading tag is exactly <hN> or </hN>.
  return html.replace(/<(\/?)h([1-6])>/g, (_, slash: string, level: string) => `<${slash}h${to.get(Number(level))}>`);
}
