import type * as v from 'valibot';
import { type Locale, type MessageKey, t } from './index.ts';

/** The site's dictionary of a locale as a lookup: a key's text, or undefined when it has none. */
const lookupIn =
  (locale: Locale): Lookup =>
  (key) => {
    const text = t(locale, key as MessageKey);
    return text === key ? undefined : text;
  };

/**
 * The visitor-facing message for a validation issue of the shared schemas, or undefined when the
 * issue is not one a form shows (then the caller describes it its own way). A missing field gets
 * its required-field prompt.
 */
export function validationMessage(issue: v.BaseIssue<unknown>, locale: Locale): string | undefined {
  return issueMessage(issue, lookupIn(locale));
}

/** The first message per field, for showing next to form inputs. */
export function fieldErrors(issues: v.BaseIssue<unknown>[], locale: Locale): Record<string, string> {
  return issueMessages(issues, lookupIn(locale));
}

// How a validation issue of the shared schemas reads, given a dictionary lookup (a key's text, or
// undefined for none): the site's forms and the API use the site's dictionary of the page's locale
// (validation.ts), the editors' workspace both languages' at once.

/** A message key's text in the dictionary at hand, or undefined when it has none. */
export type Lookup = (key: string) => string | undefined;

/**
 * The message for an issue, or undefined when it is not one a form shows (the caller describes it its own
 * way). A missing field gets its required-field prompt.
 */
function issueMessage(issue: v.BaseIssue<unknown>, lookup: Lookup): string | undefined {
  if (issue.message.startsWith('validation.')) {
    const text = lookup(issue.message);
    if (text !== undefined) return text;
  }
  const last = issue.path?.at(-1);
  if (issue.kind === 'schema' && issue.received === 'undefined' && last && typeof last.key === 'string')
    return lookup(`validation.required.${last.key}`);
  return undefined;
}

/** The first message per field (its path, `name.zh`), for showing next to form inputs. */
export function issueMessages(issues: v.BaseIssue<unknown>[], lookup: Lookup): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    if (!(field in errors)) errors[field] = issueMessage(issue, lookup) ?? lookup('validation.required') ?? '';
  }
  return errors;
}
