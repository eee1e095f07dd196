import type { AuditEntry } from '../audit.ts';
import type { Queryable } from '../index.ts';
import { readRecords } from './records.ts';

// When each language of a record last changed (migration 017), for the workspace's translation filter: a
// save compares the record's text in English and in Chinese before and after, and dates the languages
// whose text changed. Only the bilingual text counts (a price or a part number is neither language), the
// record's parts included (specifications, options, resources). A record made by the save dates both.

const TRACKED = ['product', 'category', 'solution', 'article'] as const;
type Tracked = (typeof TRACKED)[number];
const isTracked = (entity: string): entity is Tracked => (TRACKED as readonly string[]).includes(entity);

/**
 * The text of one language in a record as its save call takes it: each `{ en, zh }` pair's side, by its path.
 * A specification's value is one string when both languages have it alike: it is either language's.
 */
export function languageText(value: unknown, lang: 'en' | 'zh', path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => languageText(item, lang, `${path}.${index}`));
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === 2 && typeof record.en === 'string' && typeof record.zh === 'string')
      return [`${path}=${record[lang]}`];
    return keys.sort().flatMap((key) => languageText(record[key], lang, `${path}.${key}`));
  }
  if (typeof value === 'string' && /\.attributes\.\d+\.value$/.test(path)) return [`${path}=${value}`];
  return [];
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((item, index) => item === b[index]);

/** Dates the languages whose text the saves among `audit` changed, in the edit's transaction. */
export async function dateTranslations(tx: Queryable, audit: AuditEntry[]): Promise<void> {
  for (const entity of TRACKED) {
    const saves = audit.filter(
      (entry) => entry.action === 'save' && isTracked(entry.entity) && entry.entity === entity,
    );
    if (saves.length === 0) continue;
    const after = await readRecords(
      tx,
      entity,
      saves.map((entry) => entry.key),
    );
    const changed = { en: new Set<number>(), zh: new Set<number>() };
    for (const entry of saves) {
      const now = after.get(String(entry.key))?.record;
      if (!now) continue;
      for (const lang of ['en', 'zh'] as const) {
        if (!entry.before || !same(languageText(entry.before, lang), languageText(now, lang)))
          changed[lang].add(Number(entry.key));
      }
    }
    // The table comes from the list above, never from input.
    for (const lang of ['en', 'zh'] as const) {
      if (changed[lang].size > 0)
        await tx.query(`update ${entity} set ${lang}_changed_at = now() where id = any($1::int[])`, [
          [...changed[lang]],
        ]);
    }
  }
}
