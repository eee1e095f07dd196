/**
 * What `/menu.json` holds (src/pages/[...locale]/menu.json.ts), for the header's drop panels
 * (src/browser/menu-children.ts): by panel id, each top entry's link with its children's links and names
 * (the Products panel's top categories with their subcategories, the Solutions panel's groups with their
 * solutions).
 */
type MenuTree = { href: string; children: { href: string; name: string }[] }[];
export type MenuPanels = Record<string, MenuTree>;
