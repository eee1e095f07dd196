import type { MenuPanels } from '#lib/menu.ts';

// The Products panel's subcategories and the Solutions panel's solutions are not in the page (decision
// 0082) but in `/menu.json`, fetched the first time a visitor shows they may want a panel (the pointer enters
// its item, focus reaches it, or the phone's menu opens) and put under each top entry's link. Until then,
// without JavaScript, or when the file cannot be had, the panels list the top categories and the solution
// groups, whose pages list the rest.

/** Fills the header's panels that name `/menu.json` (`[data-menu-src]`) on the first sign of interest. */
export function setUpMenuChildren(header: HTMLElement): void {
  const panels = [...header.querySelectorAll<HTMLElement>('[data-menu-src]')];
  const source = panels[0]?.dataset.menuSrc;
  if (!source) return;
  let asked = false;
  const load = () => {
    if (asked) return;
    asked = true;
    fill(panels, source).catch(() => {
      // Asked again on the next sign of interest: a failed fetch is not remembered.
      asked = false;
    });
  };
  for (const panel of panels) {
    const item = panel.closest<HTMLElement>('[data-panel]');
    item?.addEventListener('pointerenter', load);
    item?.addEventListener('focusin', load);
  }
  header.querySelector('[data-menu-open]')?.addEventListener('click', load);
}

/** A path on this site: the only kind of link the panels take from the file. */
const sitePath = (href: unknown): href is string =>
  typeof href === 'string' && href.startsWith('/') && !href.startsWith('//');

async function fill(panels: HTMLElement[], source: string): Promise<void> {
  const response = await fetch(source);
  if (!response.ok) throw new Error(`${source}: ${response.status}`);
  const menu = (await response.json()) as MenuPanels;
  for (const panel of panels) {
    const byHref = new Map((menu[panel.id] ?? []).map((top) => [top.href, top.children]));
    for (const top of panel.querySelectorAll<HTMLAnchorElement>('a.panel-top')) {
      const children = byHref.get(top.getAttribute('href') ?? '');
      if (children?.length && !top.nextElementSibling) top.after(listOf(children));
    }
  }
}

/** A list of links, built with DOM calls: names as text, links only to paths on this site. */
function listOf(children: MenuPanels[string][number]['children']): HTMLUListElement {
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
  return list;
}
