/**
 * What `/menu.json` holds (src/pages/[...locale]/menu.json.ts): each top category's link, with its children's
 * links and names, for the header's Products panel (src/browser/menu-children.ts).
 */
export type MenuTree = { href: string; children: { href: string; name: string }[] }[];
