import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseKinds, freshDb } from '#tests/support/testing.ts';
import { changesSince } from './changes.ts';
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
  const now = async () => (await changesSince(db, Number.MAX_SAFE_INTEGER)).until;

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
    const rows = await db.query<{ kind: string }>('select kind from content_change where seq > $1 order by seq', [
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

  test('waits for a write under way, so a change cannot commit below a position already read', async () => {
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
    let read = false;
    const reader = changesSince(db, since).then((result) => {
      read = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(read).toBe(false);
    release();
    await writer;
    expect((await reader).changes).toEqual([{ entity: 'category', id: String(product.category_id), kind: 'update' }]);
  });
});
