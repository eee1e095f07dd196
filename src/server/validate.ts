import * as v from 'valibot';
import { type Locale, t } from '#i18n/index.ts';
import { validationMessage } from '#i18n/validation.ts';

/** The longest part of a value sent that a message repeats: a message stays a sentence whatever was sent. */
const ECHO_CHARACTERS = 40;

/** A value as valibot shows it (`"text"`, `42`, `Object`): past `max` characters, cut there with an ellipsis. */
export function shortened(received: string, max = ECHO_CHARACTERS): string {
  if (received.length <= max) return received;
  const quoted = received.startsWith('"') && received.endsWith('"');
  let cut = quoted ? received.slice(1, max + 1) : received.slice(0, max);
  // Not half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return quoted ? `"${cut}…"` : `${cut}…`;
}

const reasons: Record<Locale, Record<string, (issue: v.BaseIssue<unknown>) => string>> = {
  en: {
    missing: () => 'this field is required',
    type: (issue) => `expected ${issue.expected}, got ${shortened(issue.received)}`,
    picklist: (issue) => `expected one of ${issue.expected}, got ${shortened(issue.received)}`,
    integer: () => 'expected a whole number',
    max_length: (issue) =>
      Array.isArray(issue.input)
        ? `at most ${issue.requirement} items are allowed`
        : `at most ${issue.requirement} characters are allowed`,
    min_value: (issue) => `must be at least ${issue.requirement}`,
    max_value: (issue) => `must be at most ${issue.requirement}`,
    iso_timestamp: () => 'expected an ISO 8601 date and time',
    iso_date: () => 'expected a date as YYYY-MM-DD',
    nul: () => 'must not contain the character U+0000',
    surrogate: () => 'must be valid Unicode text (it holds a lone UTF-16 surrogate)',
  },
  'zh-CN': {
    missing: () => '此字段为必填项',
    type: (issue) => `应为 ${issue.expected}，实际为 ${shortened(issue.received)}`,
    picklist: (issue) => `应为 ${issue.expected} 之一，实际为 ${shortened(issue.received)}`,
    integer: () => '应为整数',
    max_length: (issue) =>
      Array.isArray(issue.input) ? `最多允许 ${issue.requirement} 项` : `最多允许 ${issue.requirement} 个字符`,
    min_value: (issue) => `不能小于 ${issue.requirement}`,
    max_value: (issue) => `不能大于 ${issue.requirement}`,
    iso_timestamp: () => '应为 ISO 8601 日期时间',
    iso_date: () => '应为 YYYY-MM-DD 格式的日期',
    nul: () => '不能包含字符 U+0000',
    surrogate: () => '必须是有效的 Unicode 文本（含有不成对的 UTF-16 代理项）',
  },
};

/** One clear sentence, in the visitor's language, for the first problem valibot found. */
export function describeIssue(issue: v.BaseIssue<unknown>, locale: Locale): string {
  const shared = validationMessage(issue, locale);
  const field = v.getDotPath(issue);
  // A form shows its message beside the field; a nested field (an editor's `attributes.3.label.en`) is named.
  if (shared) return field?.includes('.') ? t(locale, 'api.invalidField', { field, reason: shared }) : shared;
  const table = reasons[locale];
  // A key that is absent: valibot reports the key itself as what it expected, which reads badly.
  const missing = issue.kind === 'schema' && issue.received === 'undefined' ? table.missing : undefined;
  const describe = missing ?? table[issue.type] ?? (issue.kind === 'schema' ? table.type : undefined);
  // valibot's own messages repeat the value too ("… but received "…"").
  const reason = describe?.(issue) ?? shortened(issue.message, 200);
  return field ? t(locale, 'api.invalidField', { field, reason }) : t(locale, 'api.invalidRequest', { reason });
}

/** A field the contract accepts but the database cannot take, and why (a key of `reasons`). */
export interface FieldProblem {
  field: string;
  reason: 'nul' | 'surrogate' | 'iso_timestamp';
}

export function describeProblem({ field, reason }: FieldProblem, locale: Locale): string {
  const describe = reasons[locale][reason];
  return t(locale, 'api.invalidField', { field, reason: describe ? describe({} as v.BaseIssue<unknown>) : reason });
}

interface SchemaShape {
  type: string;
  entries?: Record<string, SchemaShape>;
  wrapped?: SchemaShape;
  pipe?: { type: string }[];
}

/** The fields of a request schema (an object, or an object in a pipe) whose pipe checks an ISO timestamp. */
export function timestampFields(schema: v.GenericSchema): string[] {
  const entries = (schema as unknown as SchemaShape).entries ?? {};
  return Object.entries(entries)
    .filter(([, field]) => {
      let inner = field;
      while (inner.wrapped) inner = inner.wrapped;
      return inner.pipe?.some((action) => action.type === 'iso_timestamp') ?? false;
    })
    .map(([name]) => name);
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:Z| ?([+-])(\d{2})(?::?(\d{2}))?)$/;

/**
 * An ISO timestamp as UTC (`YYYY-MM-DDTHH:MM:SS[.fraction]Z`), or undefined for a day that does not
 * exist (2023-02-29) or an instant outside the years 1 to 9999. valibot's isoTimestamp only checks the
 * shape, and PostgreSQL refuses those days, the year 0000 and offsets past ±15:59.
 */
export function utcTimestamp(text: string): string | undefined {
  const match = TIMESTAMP.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fraction = '', sign, offsetHours = '0', offsetMinutes = '0'] = match;
  const date = new Date(0);
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  // February 30 would roll over into March.
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return undefined;
  date.setUTCHours(Number(hour), Number(minute), Number(second));
  const offset = (Number(offsetHours) * 60 + Number(offsetMinutes)) * (sign === '-' ? -1 : 1);
  date.setTime(date.getTime() - offset * 60_000);
  const utcYear = date.getUTCFullYear();
  if (utcYear < 1 || utcYear > 9999) return undefined;
  return `${date.toISOString().slice(0, 19)}${fraction}Z`;
}

/** The first text in a value that PostgreSQL cannot store: one with U+0000, or not well-formed UTF-16. */
function unstorableText(value: unknown, path: string): FieldProblem | undefined {
  if (typeof value === 'string') {
    if (value.includes('\0')) return { field: path, reason: 'nul' };
    // A lone surrogate has no UTF-8 form: PGlite sends its bytes as they are and the database refuses them.
    return value.isWellFormed() ? undefined : { field: path, reason: 'surrogate' };
  }
  // A file's bytes are no text: walking them entry by entry took 16 s and 2 GB for 20 MB.
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = unstorableText(item, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Readies validated input for PostgreSQL, which refuses some of what the contract lets through: text
 * with the character U+0000 or a lone surrogate, and timestamps that utcTimestamp refuses. Timestamps are rewritten as
 * UTC in place, so the database parses only what we wrote. Answers the first field it cannot take.
 */
export function readyForDatabase(input: Record<string, unknown>, timestamps: string[]): FieldProblem | undefined {
  const text = unstorableText(input, '');
  if (text !== undefined) return text;
  for (const field of timestamps) {
    const value = input[field];
    if (typeof value !== 'string') continue;
    const utc = utcTimestamp(value);
    if (utc === undefined) return { field, reason: 'iso_timestamp' };
    input[field] = utc;
  }
  return undefined;
}
