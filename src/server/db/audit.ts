import type { Page } from '#api/common.ts';
import type { AuditRecord } from '#api/editor-accounts.ts';
import { type Actor, actorLabel } from '../auth/actor.ts';
import type { Queryable } from './index.ts';
import { iso, toPage } from './rows.ts';

// The audit trail (migration 013, decision 0063): one row per record an editor wrote, and per rebuild,
// rollback, token and account change. Rows are only added (a trigger refuses updates and deletes); a
// write's rows go in the transaction of the write.

/** One thing done to one record. */
export interface AuditEntry {
  action: string;
  entity: string;
  /** The record's id, or its key where it has no id (a page's meta, a setting, a token's editor). */
  key: string | number;
  /** What a person knows it by: a part number, a key, a title. */
  label?: string | undefined;
  /** The record before, in the shape its save takes; absent when it did not exist. */
  before?: unknown;
  /** What was asked. */
  detail?: unknown;
}

/** Adds entries to the trail, as done by the actor now; in the caller's transaction. */
export async function recordAudit(q: Queryable, actor: Actor, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await q.query(
    `insert into audit_log (editor_id, token_id, actor, via, address, action, entity, entity_key, label, before, detail)
     select $1, $2, $3, $4, $5, e ->> 'action', e ->> 'entity', e ->> 'entity_key', e ->> 'label',
       nullif(e -> 'before', 'null'::jsonb), nullif(e -> 'detail', 'null'::jsonb)
     from jsonb_array_elements($6::jsonb) with ordinality as x(e, n) order by n`,
    [
      actor.kind === 'shell' ? null : actor.editorId,
      actor.kind === 'editor' ? actor.tokenId : null,
      actorLabel(actor),
      actor.kind === 'shell' ? actor.command : actor.kind === 'editor' ? 'api' : 'signin',
      actor.kind === 'shell' ? null : actor.address,
      JSON.stringify(
        entries.map((entry) => ({
          action: entry.action,
          entity: entry.entity,
          entity_key: String(entry.key),
          label: entry.label ?? '',
          before: entry.before ?? null,
          detail: entry.detail ?? null,
        })),
      ),
    ],
  );
}

/** What the trail is filtered by; all optional. */
export interface AuditFilter {
  /** An editor's email, `shell` for every shell, or one shell's `shell:<user>@<host>`. */
  actor?: string | undefined;
  entity?: string | undefined;
  key?: string | undefined;
  action?: string | undefined;
  /** A day (from its start, UTC) or a time. */
  since?: string | undefined;
  /** A day (to its end, UTC) or a time. */
  until?: string | undefined;
  pageNum?: number;
  pageSize?: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The trail, newest first, a page at a time. */
export async function listAudit(q: Queryable, filter: AuditFilter = {}): Promise<Page<AuditRecord>> {
  const pageNum = filter.pageNum ?? 1;
  const pageSize = filter.pageSize ?? 50;
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  const actor = filter.actor?.trim().toLowerCase();
  if (actor === 'shell') where.push("actor like 'shell:%'");
  else if (actor) add((n) => `lower(actor) = ${n}`, actor);
  if (filter.entity) add((n) => `entity = ${n}`, filter.entity);
  if (filter.key !== undefined) add((n) => `entity_key = ${n}`, filter.key);
  if (filter.action) add((n) => `action = ${n}`, filter.action);
  if (filter.since)
    add((n) => `at >= ${n}::timestamptz`, DAY.test(filter.since) ? `${filter.since}T00:00:00Z` : filter.since);
  if (filter.until) {
    if (DAY.test(filter.until)) add((n) => `at < ${n}::timestamptz + interval '1 day'`, `${filter.until}T00:00:00Z`);
    else add((n) => `at <= ${n}::timestamptz`, filter.until);
  }
  const clause = where.length > 0 ? `where ${where.join(' and ')}` : '';
  const [count] = await q.query<{ total: number }>(`select count(*)::int as total from audit_log ${clause}`, params);
  const rows = await q.query<{
    id: number | string;
    at: string;
    actor: string;
    via: string;
    address: string | null;
    action: string;
    entity: string;
    entity_key: string;
    label: string;
    before: unknown;
    detail: unknown;
  }>(
    `select id, at, actor, via, address, action, entity, entity_key, label, before, detail from audit_log ${clause}
     order by at desc, id desc limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, pageSize, (pageNum - 1) * pageSize],
  );
  const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
  return toPage(
    rows.map((row) => ({
      id: Number(row.id),
      at: iso(row.at),
      actor: row.actor,
      via: row.via,
      address: row.address,
      action: row.action,
      entity: row.entity,
      key: row.entity_key,
      label: row.label,
      before: json(row.before),
      detail: json(row.detail),
    })),
    count?.total ?? 0,
    pageNum,
    pageSize,
  );
}
