import * as v from 'valibot';
import { type Locale, t } from '../i18n/index.ts';
import { validationMessage } from '../i18n/validation.ts';

const reasons: Record<Locale, Record<string, (issue: v.BaseIssue<unknown>) => string>> = {
  en: {
    missing: () => 'this field is required',
    type: (issue) => `expected ${issue.expected}, got ${issue.received}`,
    picklist: (issue) => `expected one of ${issue.expected}, got ${issue.received}`,
    integer: () => 'expected a whole number',
    min_value: (issue) => `must be at least ${issue.requirement}`,
    max_value: (issue) => `must be at most ${issue.requirement}`,
    iso_timestamp: () => 'expected an ISO 8601 date and time',
    iso_date: () => 'expected a date as YYYY-MM-DD',
  },
  'zh-CN': {
    missing: () => '此字段为必填项',
    type: (issue) => `应为 ${issue.expected}，实际为 ${issue.received}`,
    picklist: (issue) => `应为 ${issue.expected} 之一，实际为 ${issue.received}`,
    integer: () => '应为整数',
    min_value: (issue) => `不能小于 ${issue.requirement}`,
    max_value: (issue) => `不能大于 ${issue.requirement}`,
    iso_timestamp: () => '应为 ISO 8601 日期时间',
    iso_date: () => '应为 YYYY-MM-DD 格式的日期',
  },
};

/** One clear sentence, in the visitor's language, for the first problem valibot found. */
export function describeIssue(issue: v.BaseIssue<unknown>, locale: Locale): string {
  const shared = validationMessage(issue, locale);
  if (shared) return shared;
  const field = v.getDotPath(issue);
  const table = reasons[locale];
  // A key that is absent: valibot reports the key itself as what it expected, which reads badly.
  const missing = issue.kind === 'schema' && issue.received === 'undefined' ? table.missing : undefined;
  const describe = missing ?? table[issue.type] ?? (issue.kind === 'schema' ? table.type : undefined);
  const reason = describe?.(issue) ?? issue.message;
  return field ? t(locale, 'api.invalidField', { field, reason }) : t(locale, 'api.invalidRequest', { reason });
}
