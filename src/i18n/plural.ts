// Plural forms of a message (CLDR's categories, chosen by `Intl.PluralRules`). A message's key holds its
// `other` form; a locale adds `<key>.one` (and `.two`, `.few`, `.many`, `.zero`) only for the categories its
// language has: English "1 product" beside "{{count}} products", Chinese one form for every number.
// Free of the dictionaries, so a browser module can choose a form from the text its page was given.

const CATEGORIES: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];
const rules = new Map<string, Intl.PluralRules>();

function rulesOf(locale: string): Intl.PluralRules {
  let found = rules.get(locale);
  if (!found) {
    found = new Intl.PluralRules(locale);
    rules.set(locale, found);
  }
  return found;
}

/** The plural categories a locale's language has, `other` among them. */
export const pluralCategories = (locale: string): readonly Intl.LDMLPluralRule[] =>
  rulesOf(locale).resolvedOptions().pluralCategories;

/** The key of a message's form for a count: the key itself for `other`, `<key>.<category>` otherwise. */
export function pluralKey(locale: string, key: string, count: number): string {
  const category = rulesOf(locale).select(count);
  return category === 'other' ? key : `${key}.${category}`;
}

/** The category a key names, when it is a plural form of another (`home.productsCount.one`). */
export function pluralFormOf(key: string): { base: string; category: Intl.LDMLPluralRule } | undefined {
  const dot = key.lastIndexOf('.');
  const category = key.slice(dot + 1) as Intl.LDMLPluralRule;
  if (dot < 0 || category === 'other' || !CATEGORIES.includes(category)) return undefined;
  return { base: key.slice(0, dot), category };
}

/** A message's forms by category, for a browser module given them by its page (`forms(locale, key)`). */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** The form of a message for a count. */
export const chooseForm = (locale: string, forms: PluralForms, count: number): string =>
  forms[rulesOf(locale).select(count)] ?? forms.other;
