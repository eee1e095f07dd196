import type { MenuTree } from '#lib/menu.ts';

// The Products panel's subcategories are not in the page (decision 0082) but in `/menu.json`, fetched the
// first time a visitor shows they may want the panel (the pointer enters the Products item, focus reaches
// it, or the phone's menu opens) and put under each top category's link. Until then, without JavaScript,
// or when the file cannot be had, the panel lists the top categories, whose pages list their children.

/** Fills the Products panel (`[data-menu-src]`) of the header with its subcategories on the first sign of interest. */
export function setUpMenuChildren(header: HTMLElement): void {
  const panel = header.querySelector<HTMLElement>('[data-menu-src]');
  const item = panel?.closest<HTMLElement>('[data-panel]');
  const source = panel?.dataset.menuSrc;
  if (!panel || !item || !source) return;
  let asked = false;
  const load = () => {
    if (asked) return;
    asked = true;
    fill(panel, source).catch(() => {
      // Asked again on the next sign of interest: a failed fetch is not remembered.
      asked = false;
    });
  };
  item.addEventListener('pointerenter', load);
  item.addEventListener('focusin', load);
  header.querySelector('[data-menu-open]')?.addEventListener('click', load);
}

/** A path on this site: the only kind of link the panel takes from the file. */
const sitePath = (href: unknown): href is string =>
  typeof href === 'string' && href.startsWith('/') && !href.startsWith('//');

async function fill(panel: HTMLElement, source: string): Promise<void> {
  const response = await fetch(source);
  if (!response.ok) throw new Error(`${source}: ${response.status}`);
  const tree = (await response.json()) as MenuTree;
  const byHref = new Map(tree.map((top) => [top.href, top.children]));
  for (const top of panel.querySelectorAll<HTMLAnchorElement>('a.panel-top')) {
    const children = byHref.get(top.getAttribute('href') ?? '');
    if (!children?.length || top.nextElementSibling) continue;
    const list = document.createElement('ul');
    for (const child of children) {
      if (!sitePath(child.href)) continue;
      const link = document.createElement('a');
      link.href = child.href;
      link.textContent = child.name;
      const entry = document.createElement('li');
      entry.append(link);
      list.append(entry);
    }
    top.after(list);
  }
}
