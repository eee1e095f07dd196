import type { Db } from './index.ts';

// The change feed (migration 008): what changed in the content since a build last looked.

type ChangeKind = 'insert' | 'update' | 'delete';

/** One entity that changed: its last state decides the kind (created and changed is still an insert; deleted is deleted). */
export interface ContentChange {
  entity: string;
  id: string;
  kind: ChangeKind;
}

/** The advisory lock writers hold shared while their change rows are uncommitted (migration 008). */
const FEED_LOCK = 724312;

/**
 * Every entity changed after sequence number `since`, oldest change first, and the number to ask from
 * next time. It waits for writes under way to commit, so nothing below `until` can appear later.
 */
export async function changesSince(db: Db, since: number): Promise<{ until: number; changes: ContentChange[] }> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [FEED_LOCK]);
    const rows = await tx.query<{
      entity: string;
      entity_id: string;
      first: ChangeKind;
      deleted: boolean;
      seq: string;
    }>(
      // Deleted when its last delete comes after its last insert: the deletes that a foreign key cascades
      // to its parts (an option, a solution's product list) record updates of it after its own delete.
      `select entity, entity_id, (array_agg(kind order by seq))[1] as first,
              coalesce(max(seq) filter (where kind = 'delete') > coalesce(max(seq) filter (where kind = 'insert'), 0), false)
                as deleted,
              max(seq)::text as seq
       from content_change where seq > $1
       group by entity, entity_id order by max(seq)`,
      [since],
    );
    const [top] = await tx.query<{ seq: string | null }>('select max(seq)::text as seq from content_change');
    const changes = rows.map(
      (row): ContentChange => ({
        entity: row.entity,
        id: row.entity_id,
        kind: row.deleted ? 'delete' : row.first === 'insert' ? 'insert' : 'update',
      }),
    );
    return { until: top?.seq == null ? since : Number(top.seq), changes };
  });
}
