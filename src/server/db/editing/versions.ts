import type { FormEntity, RecordItem } from '#api/editor-records.ts';
import { ApiError } from '#server/errors.ts';
import type { Queryable } from '../index.ts';
import type { Edit } from './edit.ts';
import { readRecord } from './records.ts';
import { languageText } from './translations.ts';

// Versions of records for the workspace's forms (issue 39, item 3, decision 0070): a record's version is
// the last entry of the audit trail about it, which every write adds in the write's own transaction. A
// save that sends the version it read takes a lock on the record's name for its transaction, reads the
// version again, and is refused when another write came between, naming who made it.

/** The entities whose rows date each language's text (migration 017). */
const DATED = new Set<FormEntity>(['product', 'category', 'solution', 'article']);

interface LastChange {
  id: number;
  actor: string;
  at: string;
}

async function lastChange(q: Queryable, entity: string, key: string): Promise<LastChange | undefined> {
  const [row] = await q.query<{ id: string | number; actor: string; at: string | Date }>(
    `select id, actor, at from audit_log where entity = $1 and entity_key = $2 order by id desc limit 1`,
    [entity, key],
  );
  return row ? { id: Number(row.id), actor: row.actor, at: new Date(row.at).toISOString() } : undefined;
}

/** A record's key as the trail names it: the id for those saved by a key of their own (products, categories). */
async function trailKey(q: Queryable, entity: FormEntity, key: string): Promise<string | undefined> {
  if (entity === 'product' || entity === 'category') {
    const sql =
      entity === 'product' ? 'select id from product where part_number = $1' : 'select id from category where key = $1';
    const [row] = await q.query<{ id: number }>(sql, [key]);
    return row ? String(row.id) : undefined;
  }
  return key;
}

/**
 * Refuses a save whose record changed since the editor read `version` (409, naming who and when). Without
 * a version, nothing is checked (the CLIs and tools write as before). `key` is what the save names the
 * record by: a part number, a category's key, an id, a page, a setting's name.
 */
export async function checkVersion(
  { tx }: Edit,
  entity: FormEntity,
  key: string | number | undefined,
  { version, create }: { version?: number | undefined; create?: true | undefined },
): Promise<void> {
  if ((version === undefined && !create) || key === undefined) return;
  // One save of a record at a time until commit: the second waits here and then reads the first's entry.
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`record:${entity}:${key}`]);
  if (create) {
    const exists =
      entity === 'product' || entity === 'category'
        ? (await trailKey(tx, entity, String(key))) !== undefined
        : (await readRecord(tx, entity, key)) !== undefined;
    if (exists) throw new ApiError(409, 'api.editor.recordExists', { entity, key: String(key) });
    if (version === undefined) return;
  }
  const trail = await trailKey(tx, entity, String(key));
  const last = trail === undefined ? undefined : await lastChange(tx, entity, trail);
  if ((last?.id ?? 0) === version) return;
  if (!last) throw new ApiError(409, 'api.editor.recordGone', { key: String(key) });
  throw new ApiError(409, 'api.editor.editConflict', { by: last.actor, at: last.at.slice(0, 16).replace('T', ' ') });
}

/** Text of one language by its field path (`name`, `attributes.2.label`). */
function textsByPath(record: unknown, lang: 'en' | 'zh'): Map<string, string> {
  const texts = new Map<string, string>();
  for (const item of languageText(record, lang)) {
    const at = item.indexOf('=');
    texts.set(item.slice(1, at), item.slice(at + 1));
  }
  return texts;
}

/**
 * The texts whose English changed after the Chinese was last saved: the record as it stood then (the
 * "before" of the first save after that moment) against the record now, where the English differs and the
 * Chinese does not.
 */
async function staleFields(
  q: Queryable,
  entity: FormEntity,
  key: string,
  record: Record<string, unknown>,
  zhChangedAt: string,
): Promise<string[]> {
  const [row] = await q.query<{ before: unknown }>(
    `select before from audit_log where entity = $1 and entity_key = $2 and action = 'save' and at > $3
     order by id limit 1`,
    [entity, key, zhChangedAt],
  );
  if (!row?.before) return [];
  const then = typeof row.before === 'string' ? JSON.parse(row.before) : row.before;
  const [enThen, zhThen, enNow, zhNow] = [
    textsByPath(then, 'en'),
    textsByPath(then, 'zh'),
    textsByPath(record, 'en'),
    textsByPath(record, 'zh'),
  ];
  return [...enNow.keys()].filter(
    (path) => enNow.get(path) !== enThen.get(path) && zhNow.get(path) === zhThen.get(path) && enNow.get(path) !== '',
  );
}

/** One record for a form, with its version and translation dates; undefined when there is none. */
export async function readForForm(q: Queryable, entity: FormEntity, key: string): Promise<RecordItem | undefined> {
  if (/^(product|category|solution|article)$/.test(entity) && !/^[1-9]\d{0,8}$/.test(key)) return undefined;
  const found = await readRecord(q, entity, key);
  if (!found) return undefined;
  const last = await lastChange(q, entity, key);
  let enChangedAt: string | null = null;
  let zhChangedAt: string | null = null;
  let stale: string[] = [];
  if (DATED.has(entity)) {
    // The table comes from the list above, never from input.
    const [dates] = await q.query<{ en: string | Date; zh: string | Date }>(
      `select en_changed_at as en, zh_changed_at as zh from ${entity} where id = $1`,
      [Number(key)],
    );
    if (dates) {
      enChangedAt = new Date(dates.en).toISOString();
      zhChangedAt = new Date(dates.zh).toISOString();
      if (Date.parse(zhChangedAt) < Date.parse(enChangedAt))
        stale = await staleFields(q, entity, key, found.record, zhChangedAt);
    }
  }
  return {
    entity,
    key,
    label: found.label,
    record: found.record,
    version: last?.id ?? 0,
    changedBy: last?.actor ?? null,
    changedAt: last?.at ?? null,
    enChangedAt,
    zhChangedAt,
    staleFields: stale,
  };
}
