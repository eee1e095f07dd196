import { expect, test } from 'vitest';
import { asEditor, both, laser } from '#tests/support/editing.ts';
import { describeApi } from '#tests/support/testing.ts';

// Issue 39, item 3: one record for the workspace's forms, with the version a save sends back; a save made
// from an older version is refused, naming who changed the record since.

describeApi('one record for a form, and saves checked by version', (api) => {
  const first = asEditor(api, 'editor');
  const second = asEditor(api, 'admin');
  const category = {
    key: 'version-sources',
    parent: null,
    name: both('Version Sources', '版本光源'),
    description: both('', ''),
  };

  const item = async (entity: string, key: string | number, as = first.as) => {
    const answer = await as('/editor/record/item', { entity, key: String(key) });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const productId = async (partNumber: string) => {
    const [row] = await api.db.query<{ id: number }>('select id from product where part_number = $1', [partNumber]);
    if (!row) throw new Error(`no product ${partNumber}`);
    return row.id;
  };

  test('a product reads as its save takes it, with its version, who saved it last and its language dates', async () => {
    expect((await first.as('/editor/category/save', category)).body.code).toBe(200);
    const saved = laser('VR-100', 'Versioned 100', { category: 'version-sources' });
    expect((await first.as('/editor/product/save', saved)).body.code).toBe(200);
    const read = await item('product', await productId('VR-100'));
    expect(read.record).toMatchObject({ partNumber: 'VR-100', name: saved.name, category: 'version-sources' });
    expect(read.version).toBeGreaterThan(0);
    expect(read.changedBy).toBe('editor@example.com');
    expect(read.staleFields).toEqual([]);
    expect(Date.parse(read.enChangedAt)).toBeGreaterThan(0);

    // Saved back from the version read: accepted, and the version moves on.
    const answer = await first.as('/editor/product/save', { ...read.record, price: 1500, version: read.version });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    expect((await item('product', await productId('VR-100'))).version).toBeGreaterThan(read.version);
  });

  test('a second editor’s save from an older version is refused with 409 naming who saved in between, in either language', async () => {
    const id = await productId('VR-100');
    const mine = await item('product', id);
    const theirs = await item('product', id, second.as);
    const changed = { ...theirs.record, name: both('Versioned 100', 'Versioned 100 新名称') };
    expect((await second.as('/editor/product/save', { ...changed, version: theirs.version })).body.code).toBe(200);

    const late = { ...mine.record, price: 999, version: mine.version };
    const refused = await first.as('/editor/product/save', late);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('admin@example.com');
    const refusedZh = await first.as('/editor/product/save', { ...late, language: 'zh' });
    expect(refusedZh.body.msg).toContain('admin@example.com');
    expect(refusedZh.body.msg).toContain('保存');
    // Nothing of the refused save was written.
    const now = await item('product', id);
    expect(now.record.price).toBe(mine.record.price);
    expect(now.record.name).toEqual(changed.name);
    // Without a version, a save overwrites as before (the CLIs and tools).
    expect((await first.as('/editor/product/save', { ...now.record, price: 999 })).body.code).toBe(200);
  });

  test('two saves from one version at the same moment: exactly one is taken', async () => {
    const { key } = category;
    const [row] = await api.db.query<{ id: number }>('select id from category where key = $1', [key]);
    const read = await item('category', row?.id ?? 0);
    const answers = await Promise.all(
      ['A', 'B'].map((suffix) =>
        first.as('/editor/category/save', {
          ...read.record,
          name: both(`Version Sources ${suffix}`, '版本光源'),
          version: read.version,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  test('the fields whose English changed after the Chinese was saved are named stale', async () => {
    const id = await productId('VR-100');
    const read = await item('product', id);
    const record = read.record;
    await first.as('/editor/product/save', {
      ...record,
      summary: both('A newer English summary.', record.summary.zh),
      attributes: [{ label: both('Wavelength (nominal)', '波长'), value: '532', unit: 'nm' }],
    });
    const stale = await item('product', id);
    expect(stale.staleFields.sort()).toEqual(['attributes.0.label', 'summary']);
    // The Chinese summary follows: only the specification is left.
    await first.as('/editor/product/save', {
      ...stale.record,
      summary: both('A newer English summary.', '更新的摘要。'),
    });
    expect((await item('product', id)).staleFields).toEqual([]);
  });

  test('articles, meta and settings read too; settings only for admins; unknown records are 404 and bad keys 400', async () => {
    const [article] = await api.db.query<{ id: number }>('select id from article order by id limit 1');
    const read = await item('article', article?.id ?? 0);
    expect(read.record).toMatchObject({ id: article?.id, title: { en: expect.any(String), zh: expect.any(String) } });
    expect((await first.as('/editor/record/item', { entity: 'config', key: 'salesEmail' })).status).toBe(403);
    expect((await item('config', 'salesEmail', second.as)).record).toMatchObject({ configName: 'salesEmail' });
    const missing = await first.as('/editor/record/item', { entity: 'product', key: '987654321' });
    expect(missing.status).toBe(404);
    expect((await first.as('/editor/record/item', { entity: 'product', key: 'x'.repeat(40) })).status).toBe(404);
    expect((await first.as('/editor/record/item', { entity: 'build', key: '1' })).status).toBe(400);
    const bad = await first.as('/editor/record/item', { entity: 'product', key: '', language: 'zh' });
    expect(bad.status).toBe(400);
  });
});

describeApi('previews, from a process that does not publish', (api) => {
  const { as } = asEditor(api);
  test('are refused with 409 (no builder here); unknown records are 404 and bad ids 400, in either language', async () => {
    const [product] = await api.db.query<{ id: number }>('select id from product where published order by id limit 1');
    const answer = await as('/editor/preview', { entity: 'product', key: String(product?.id) });
    expect(answer.status).toBe(409);
    expect(answer.body.msg).toContain('SITE_BUILDER');
    expect((await as('/editor/preview', { entity: 'product', key: '987654321' })).status).toBe(409);
    const bad = await as('/editor/preview', { entity: 'product', key: '12a', language: 'zh' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('id');
    expect((await as('/editor/preview', { entity: 'category', key: '1' })).status).toBe(400);
  });
});

describeApi('a new record from the workspace', (api) => {
  const { as } = asEditor(api);
  test('is refused with 409 when one with its key exists, seeded or saved; made when none does', async () => {
    const [seeded] = await api.db.query<{ part_number: string }>('select part_number from product order by id limit 1');
    const made = laser(seeded?.part_number ?? '', 'Impostor', { category: 'lasers', create: true });
    const refused = await as('/editor/product/save', made);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain(seeded?.part_number);
    const [category] = await api.db.query<{ key: string }>('select key from category order by id limit 1');
    const fresh = await as('/editor/product/save', { ...made, partNumber: 'NEW-1', category: category?.key });
    expect(fresh.body.data).toMatchObject({ partNumber: 'NEW-1', created: true });
    expect((await as('/editor/product/save', { ...made, partNumber: 'NEW-1', category: category?.key })).status).toBe(
      409,
    );
    expect((await as('/editor/meta/save', { page: 'home', meta: [], create: true })).status).toBe(409);
    const page = await as('/editor/meta/save', { page: 'brand-new-page', meta: [], create: true });
    expect(page.body.data).toEqual({ page: 'brand-new-page', created: true });
  });
});
