import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseKinds, freshDb } from '#tests/support/testing.ts';
import { changesSince, feedPosition, pruneChanges } from './changes.ts';
import type { Db } from './index.ts';

describe.each(databaseKinds)('the change feed (%s)', (kind) => {
  let handle: Awaited<ReturnType<typeof freshDb>>;
  let db: Db;
  let product: { id: number; category_id: number };
  beforeAll(async () => {
    handle = await freshDb(kind);
    db = handle.db;
    [product] = (await db.query<{ id: number; category_id: number }>(
      'select id, category_id from product order by id limit 1',
    )) as [{ id: number; category_id: number }];
  }, 60_000);
  afterAll(() => handle?.drop());

  /** The feed's position now: changes after it are the test's own. */
  const now = () => feedPosition(db);

  test('records a rename typed straight in SQL as an update of that product, and nothing else', async () => {
    const since = await now();
    await db.query("update product set name_en = name_en || ' II' where id = $1", [product.id]);
    const { changes, until } = await changesSince(db, since);
    expect(changes).toEqual([{ entity: 'product', id: String(product.id), kind: 'update' }]);
    expect(until).toBeGreaterThan(since);
    expect((await changesSince(db, until)).changes).toEqual([]);
  });

  test('records a delete typed in SQL as a delete, though the cascade to its parts records them after it', async () => {
    const [solution] = await db.query<{ id: number }>(
      'select solution_id as id from solution_product order by solution_id limit 1',
    );
    if (!solution) throw new Error('the demo catalogue has no solution with products');
    const since = await now();
    await db.query('delete from solution where id = $1', [solution.id]);
    const rows = await db.query<{ kind: string }>('select kind from content_change where xid >= $1 order by seq', [
      since,
    ]);
    expect(rows.at(-1)?.kind).toBe('update');
    expect((await changesSince(db, since)).changes).toEqual([
      { entity: 'solution', id: String(solution.id), kind: 'delete' },
    ]);
  });

  test('counts a change to a product’s attributes, options, option values, relations and resources as a change of the product', async () => {
    const [option] = await db.query<{ id: number; product_id: number }>(
      'select id, product_id from product_option order by id limit 1',
    );
    if (!option) throw new Error('the demo catalogue has no product options');
    const parts = [
      ["update product_attribute set value_en = value_en || ' ' where product_id = $1", product.id],
      ["update product_resource set title_en = title_en || ' ' where product_id = $1", product.id],
      ["update product_option_value set label_en = label_en || ' ' where option_id = $1", option.id],
    ] as const;
    for (const [sql, id] of parts) {
      const since = await now();
      await db.query(sql, [id]);
      const { changes } = await changesSince(db, since);
      const owner = sql.includes('option_value') ? option.product_id : product.id;
      expect(changes, sql).toEqual([{ entity: 'product', id: String(owner), kind: 'update' }]);
    }
  });

  test('records one line per row of a statement that touches many, and each entity once per read', async () => {
    const since = await now();
    const touched = await db.query<{ id: number }>(
      'update product set stock = stock + 1 where category_id = $1 returning id',
      [product.category_id],
    );
    await db.query('update product set stock = stock - 1 where category_id = $1', [product.category_id]);
    const { changes } = await changesSince(db, since);
    expect(changes.map((change) => change.id).sort()).toEqual(touched.map((row) => String(row.id)).sort());
    expect(new Set(changes.map((change) => change.kind))).toEqual(new Set(['update']));
  });

  test('tells an entity created, changed and removed since the last look by its last state', async () => {
    const since = await now();
    await db.query("insert into system_config (config_name, value_en, value_zh) values ('feedTest', 'a', 'a')");
    await db.query("update system_config set value_en = 'b' where config_name = 'feedTest'");
    expect((await changesSince(db, since)).changes).toEqual([
      { entity: 'system_config', id: 'feedTest', kind: 'insert' },
    ]);
    await db.query("delete from system_config where config_name = 'feedTest'");
    expect((await changesSince(db, since)).changes).toEqual([
      { entity: 'system_config', id: 'feedTest', kind: 'delete' },
    ]);
  });

  test('pages cut between transactions, each entity once a page, until the position that lists nothing more', async () => {
    const since = await now();
    // Three transactions: one writing two entities, then two writing one each.
    await db.transaction(async (tx) => {
      await tx.query("insert into system_config (config_name, value_en, value_zh) values ('pageA', 'a', 'a')");
      await tx.query("insert into system_config (config_name, value_en, value_zh) values ('pageB', 'b', 'b')");
    });
    await db.query("insert into system_config (config_name, value_en, value_zh) values ('pageC', 'c', 'c')");
    await db.query("update system_config set value_en = 'a2' where config_name = 'pageA'");
    const pages = [];
    for (let from = since, more = true; more; ) {
      const page = await changesSince(db, from, { pageRows: 2 });
      expect(page.complete).toBe(true);
      pages.push(page.changes.map((change) => `${change.id} ${change.kind}`));
      if (page.more) expect(page.until).toBeGreaterThan(from);
      ({ more } = page);
      from = page.until;
    }
    // A page of two rows: the first transaction whole, cut before the next (a third row was there).
    expect(pages).toEqual([
      ['pageA insert', 'pageB insert'],
      ['pageC insert', 'pageA update'],
    ]);
    const whole = await changesSince(db, since);
    expect(whole).toMatchObject({ complete: true, more: false });
    expect(whole.changes.map((change) => `${change.id} ${change.kind}`)).toEqual([
      'pageB insert',
      'pageC insert',
      'pageA insert',
    ]);
    await db.query("delete from system_config where config_name like 'page_'");
  });

  test('is not complete past one transaction larger than a page (a catalogue import), nor without a position', async () => {
    const since = await now();
    await db.query(
      `insert into system_config (config_name, value_en, value_zh)
       select 'bulk' || g, 'a', 'a' from generate_series(1, 5) g`,
    );
    const page = await changesSince(db, since, { pageRows: 4 });
    expect(page).toEqual({ until: expect.any(Number), complete: false, more: false, changes: [] });
    expect(page.until).toBeGreaterThan(since);
    expect((await changesSince(db, since, { pageRows: 5 })).changes).toHaveLength(5);
    // No position: only the position now, for a reader that loads everything.
    expect(await changesSince(db, undefined)).toEqual({
      until: await now(),
      complete: false,
      more: false,
      changes: [],
    });
    await db.query("delete from system_config where config_name like 'bulk%'");
  });

  test('prunes what the last kept published builds no longer read from, and sends a reader from before it to a full load', async () => {
    expect(await pruneChanges(db, 2)).toBeUndefined();
    const positions: number[] = [];
    for (const [n, status] of (['published', 'published', 'failed', 'published'] as const).entries()) {
      await db.query(`update category set name_en = name_en || ' ' where id = $1`, [product.category_id]);
      positions.push(await now());
      await db.query(
        `insert into site_build (id, status, requested_by, finished_at, feed_position)
         values ($1, $2, 'test', now() + make_interval(secs => $3), $4)`,
        [`prune-${kind}-${n}`, status, n, positions[n]],
      );
    }
    const [, second, , fourth] = positions as [number, number, number, number];
    await db.query('update product set stock = stock + 1 where id = $1', [product.id]);
    // The last two published builds read from `second` and `fourth`: everything below `second` goes.
    const pruned = await pruneChanges(db, 2);
    expect(pruned).toEqual({ deleted: expect.any(Number), below: second });
    expect(pruned?.deleted).toBeGreaterThan(0);
    const [left] = await db.query<{ oldest: string }>('select min(xid)::text as oldest from content_change');
    expect(Number(left?.oldest)).toBeGreaterThanOrEqual(second);
    expect(await changesSince(db, second - 1)).toMatchObject({ complete: false, changes: [] });
    expect((await changesSince(db, second)).changes).toEqual([
      { entity: 'category', id: String(product.category_id), kind: 'update' },
      { entity: 'product', id: String(product.id), kind: 'update' },
    ]);
    // (A transaction of another database on the same server may hold a position back: rows above it come too.)
    expect((await changesSince(db, fourth)).changes).toContainEqual({
      entity: 'product',
      id: String(product.id),
      kind: 'update',
    });
    // Never back: asked again with fewer kept builds, the mark stays where it is or moves on.
    expect((await pruneChanges(db, 1))?.below).toBe(fourth);
    expect((await pruneChanges(db, 5))?.below).toBe(fourth);
    await db.query("delete from site_build where id like 'prune-%'");
  });

  // Two connections at once: the embedded database has one, so this runs on PostgreSQL only.
  if (kind !== 'pglite')
    test('reads without waiting for a write under way, and lists it from a position below it once committed', async () => {
      const since = await now();
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let wrote: () => void = () => undefined;
      const written = new Promise<void>((resolve) => {
        wrote = resolve;
      });
      const writer = db.transaction(async (tx) => {
        await tx.query("update category set name_en = name_en || ' ' where id = $1", [product.category_id]);
        wrote();
        await held;
      });
      await written;
      let until = since;
      try {
        // A write that commits while the first is still open is listed at once, but the position stays
        // below the open one.
        await db.query("insert into system_config (config_name, value_en, value_zh) values ('meanwhile', 'a', 'a')");
        const during = await Promise.race([
          changesSince(db, since),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('the read waited for the write under way')), 3000),
          ),
        ]);
        expect(during.changes).toEqual([{ entity: 'system_config', id: 'meanwhile', kind: 'insert' }]);
        expect(during.until).toBeLessThanOrEqual(Number(await openXid(db)));
        until = during.until;
      } finally {
        release();
        await writer;
      }
      // From the position it answered, the write that was open then, and the other again.
      const after = await changesSince(db, until);
      expect(after.changes.map((change) => change.entity).sort()).toEqual(['category', 'system_config']);
      await db.query("delete from system_config where config_name = 'meanwhile'");
    });
});

/** The id of the oldest transaction that holds one and is still running, from pg_stat_activity. */
async function openXid(db: Db): Promise<string> {
  const [row] = await db.query<{ xid: string }>(
    'select min(backend_xid::text::bigint)::text as xid from pg_stat_activity where backend_xid is not null',
  );
  return row?.xid ?? '0';
}
