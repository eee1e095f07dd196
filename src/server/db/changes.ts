import type { Queryable } from './index.ts';

// The change feed (migrations 008 and 014, decision 0064): what changed in the content since a build last
// looked. Every content write records its entities, with its transaction's id, by statement triggers. A
// position is a transaction horizon: every transaction with a smaller id had ended when it was read, so no
// change below it can still appear. Readers take no lock and writers wait for no reader.

type ChangeKind = 'insert' | 'update' | 'delete';

/** One entity that changed: its last state decides the kind (created and changed is still an insert; deleted is deleted). */
interface ContentChange {
  entity: string;
  id: string;
  kind: ChangeKind;
}

/** A page of the feed (see changesSince). */
export interface FeedPage {
  /** The position to ask from next. */
  until: number;
  /** False when the changes since the position asked from cannot be listed: read everything again. */
  complete: boolean;
  /** True when there are more changes after `until`: ask again from it. */
  more: boolean;
  changes: ContentChange[];
}

/** The most change rows a page reads (a row is one entity written by one statement). */
export const FEED_PAGE_ROWS = 2_000;

/** The horizon of the statement's snapshot: the oldest transaction still running, or the next to start. */
const HORIZON = 'pg_snapshot_xmin(pg_current_snapshot())::text::bigint';

/** The feed's position now: what a reader that loads everything keeps, read before it reads anything. */
export async function feedPosition(db: Queryable): Promise<number> {
  const [row] = await db.query<{ until: string }>(`select ${HORIZON}::text as until`);
  return Number(row?.until);
}

/**
 * The entities changed after position `since`, each once with its last state, oldest change first, and
 * the position to ask from next; one page of at most `pageRows` change rows, cut between transactions.
 * Without `since`, only the position. Not complete when `since` is below what pruning left, or when one
 * transaction wrote more rows than a page holds (a catalogue import), or when the page cannot move past
 * `since`: the reader loads everything then, from `until`.
 *
 * One statement, so one snapshot: the horizon, the pruned mark and the rows agree. The rows of
 * transactions that committed above the horizon (while an older one still runs) are listed too, so an
 * editor's write is in the next build whatever else runs; they come again from `until` next time, which
 * costs a reader a second read of those entities and nothing else.
 */
export async function changesSince(
  db: Queryable,
  since: number | undefined,
  { pageRows = FEED_PAGE_ROWS }: { pageRows?: number } = {},
): Promise<FeedPage> {
  // The page is the first pageRows rows in (xid, seq) order, cut before the transaction of the row after
  // them (rows of one transaction are never split); grouped here, so an answer is one row an entity.
  const rows = await db.query<{
    horizon: string;
    below: string;
    cut: string | null;
    entity: string | null;
    entity_id: string | null;
    first: ChangeKind | null;
    deleted: boolean | null;
  }>(
    `with mark as (select ${HORIZON} as horizon, (select below from content_change_pruned) as below),
     raw as (
       select c.entity, c.entity_id, c.kind, c.seq, c.xid from content_change c, mark
       where $1::bigint is not null and $1::bigint >= mark.below and c.xid >= $1::bigint
       order by c.xid, c.seq limit $2::int + 1),
     cut as (select case when count(*) > $2::int then max(xid) end as at from raw),
     page as (select * from raw where (select at from cut) is null or xid < (select at from cut)),
     grouped as (
       -- Deleted when its last delete comes after its last insert: the deletes that a foreign key cascades
       -- to its parts (an option, a solution's product list) record updates of it after its own delete.
       select entity, entity_id, (array_agg(kind order by seq))[1] as first,
              coalesce(max(seq) filter (where kind = 'delete') > coalesce(max(seq) filter (where kind = 'insert'), 0),
                       false) as deleted,
              max(seq) as last
       from page group by entity, entity_id)
     select mark.horizon::text, mark.below::text, (select at from cut)::text as cut, g.entity, g.entity_id, g.first,
            g.deleted
     from mark left join grouped g on true
     order by g.last`,
    [since ?? null, pageRows],
  );
  const [head] = rows;
  const horizon = Number(head?.horizon);
  const everything = { until: horizon, complete: false, more: false, changes: [] };
  if (since === undefined || since < Number(head?.below)) return everything;
  const changes = rows
    .filter((row) => row.entity !== null)
    .map(
      (row): ContentChange => ({
        entity: row.entity as string,
        id: row.entity_id as string,
        kind: row.deleted ? 'delete' : row.first === 'insert' ? 'insert' : 'update',
      }),
    );
  if (head?.cut == null) return { until: horizon, complete: true, more: false, changes };
  // Cut: what follows comes from the cut on, unless the horizon is lower (an older transaction still runs).
  const until = Math.min(Number(head.cut), horizon);
  if (changes.length === 0 || until <= since) return everything;
  return { until, complete: true, more: until < horizon, changes };
}

/** How many entities changed from position `from` up to `to` (a build's count of what it has to do). */
export async function countChanges(db: Queryable, from: number, to: number): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `select count(*)::int as count from (
       select distinct entity, entity_id from content_change where xid >= $1::bigint and xid < $2::bigint) c`,
    [from, to],
  );
  return row?.count ?? 0;
}

/**
 * Deletes the changes no kept release needs: those below the oldest position among the last `kept`
 * published builds (site_build.feed_position; the builder keeps that many releases). A reader of the
 * feed asks from where its last load stopped, which is never below the position of the build it ran in,
 * so the builder's own loads never lose a change; a reader from further back (a plain `npm run build`
 * with an old store) is told to load everything. One statement: rows and mark move together. Answers
 * the rows deleted and the mark, or undefined when no build has published.
 */
export async function pruneChanges(
  db: Queryable,
  kept: number,
): Promise<{ deleted: number; below: number } | undefined> {
  const [row] = await db.query<{ deleted: number; below: string | null }>(
    `with kept as (
       select feed_position from site_build where status = 'published' and feed_position is not null
       order by finished_at desc limit $1),
     mark as (select min(feed_position) as at from kept),
     gone as (delete from content_change where xid < (select at from mark) returning 1),
     moved as (update content_change_pruned set below = greatest(below, (select at from mark))
               where (select at from mark) is not null returning below)
     select (select count(*) from gone)::int as deleted, (select below from moved)::text as below`,
    [kept],
  );
  return row?.below == null ? undefined : { deleted: row.deleted, below: Number(row.below) };
}
