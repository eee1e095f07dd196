import type * as v from 'valibot';
import { type Locale, type MessageKey, t } from './index.ts';

const isKey = (key: string, locale: Locale): key is MessageKey => t(locale, key as MessageKey) !== key;

/**
 * The visitor-facing message for a validation issue of the shared schemas, or undefined when the
 * issue is not one a form shows (then the caller describes it its own way). A missing field gets
 * its required-field prompt.
 */
export function validationMessage(issue: v.BaseIssue<unknown>, locale: Locale): string | undefined {
  if (issue.message.startsWith('validation.') && isKey(issue.message, locale)) return t(locale, issue.message);
  const last = issue.path?.at(-1);
  if (issue.kind === 'schema' && issue.received === 'undefined' && last && typeof last.key === 'string') {
    const prompt = `validation.required.${last.key}`;
    if (isKey(prompt, locale)) return t(locale, prompt);
  }
  return undefined;
}

/** The first message per field, for showing next to form inputs. */
export function fieldErrors(issues: v.BaseIssue<unknown>[], locale: Locale): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    if (!(field in errors)) errors[field] = validationMessage(issue, locale) ?? t(locale, 'validation.required');
  }
  return errors;
}
