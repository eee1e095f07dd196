import { expect, test } from 'vitest';
import { calls } from '#api/index.ts';
import { describeApi } from '#tests/support/testing.ts';
import { createEditorToken, revokeEditorTokens } from '../auth/editors.ts';
import { changesSince } from '../db/changes.ts';

describeApi('editor calls', (api) => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  test('refuses a call without a bearer token, with a customer token, or with a revoked one', async () => {
    const body = { id: 1, published: false };
    const none = await api.post('/editor/product/publish', body);
    expect(none.status).toBe(401);
    expect(none.body.msg).toMatch(/for editors/);
    expect((await api.post('/editor/product/publish', body, { satoken: 'x'.repeat(43) })).status).toBe(401);
    const { token } = await createEditorToken(api.db, 'Editor@Example.com');
    await revokeEditorTokens(api.db, 'editor@example.com');
    const revoked = await api.post('/editor/product/publish', body, bearer(token));
    expect(revoked.status).toBe(401);
    expect(revoked.body.msg).toBe('This editor token is unknown, expired or revoked.');
    const [product] = await api.db.query<{ published: boolean }>('select published from product where id = 1');
    expect(product?.published).toBe(true);
  });

  test('refuses every content call without an editor token, and documents each with the bearer scheme', async () => {
    // Signing in is how an editor gets a token: those two calls take none.
    const signin = ['/editor/signin/send', '/editor/signin'];
    const editorPaths = calls
      .map((call) => call.path)
      .filter((path) => path.startsWith('/editor/') && !signin.includes(path));
    expect(editorPaths.length).toBe(37);
    for (const path of editorPaths) {
      const answer = await api.post(path, { id: 1, published: false });
      expect(answer.status, path).toBe(401);
    }
    const doc = (await api.get('/openapi.json')).body;
    for (const path of editorPaths) expect(doc.paths[path].post.security, path).toEqual([{ editorToken: [] }]);
    for (const path of signin) {
      expect((await api.post(path, { id: 1 })).status, path).toBe(400);
      expect(doc.paths[path].post.security, path).toEqual([]);
    }
  });

  test('unpublishes and publishes a product: it leaves search, and the change feed records it', async () => {
    const { token } = await createEditorToken(api.db, 'publisher@example.com');
    const [product] = await api.db.query<{ id: number; part_number: string }>(
      'select id, part_number from product where published order by id limit 1',
    );
    if (!product) throw new Error('no product');
    const since = (await changesSince(api.db, Number.MAX_SAFE_INTEGER)).until;
    const off = await api.post('/editor/product/publish', { id: product.id, published: false }, bearer(token));
    expect(off.body).toMatchObject({ code: 200, data: { id: product.id, published: false } });
    const found = await api.post('/product/select/keyword', { keyWord: product.part_number });
    expect(found.body.data.map((s: { id?: number }) => s.id)).not.toContain(product.id);
    expect((await changesSince(api.db, since)).changes).toEqual([
      { entity: 'product', id: String(product.id), kind: 'update' },
    ]);
    await api.post('/editor/product/publish', { id: product.id, published: true }, bearer(token));
    const back = await api.post('/product/select/keyword', { keyWord: product.part_number });
    expect(back.body.data.map((s: { id?: number }) => s.id)).toContain(product.id);
    const missing = await api.post('/editor/product/publish', { id: 999999, published: true }, bearer(token));
    expect(missing.status).toBe(404);
  });

  test('saves a site setting in both languages and refuses a bad name with a clear message', async () => {
    const { token } = await createEditorToken(api.db, 'config@example.com', { role: 'admin' });
    const saved = await api.post(
      '/editor/config/save',
      { configName: 'phone', configValue: { en: '+65 6000 0000', zh: '+65 6000 0000' } },
      bearer(token),
    );
    expect(saved.body.data).toEqual({ configName: 'phone', created: false });
    const list = await api.post('/system/config/list', { language: 'zh' });
    expect(list.body.data).toContainEqual(
      expect.objectContaining({ configName: 'phone', configValue: '+65 6000 0000' }),
    );
    const bad = await api.post(
      '/editor/config/save',
      { configName: 'a b', configValue: { en: '', zh: '' }, language: 'zh' },
      bearer(token),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('设置名称须以字母开头');
  });

  test('answers editor calls with no-store and documents them with the bearer scheme', async () => {
    const { token } = await createEditorToken(api.db, 'docs@example.com');
    const response = await api.request('/editor/product/publish', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(token) },
      body: JSON.stringify({ id: 1, published: true }),
    });
    expect(response.headers.get('cache-control')).toContain('no-store');
    const doc = (await api.get('/openapi.json')).body;
    expect(doc.paths['/editor/product/publish'].post.security).toEqual([{ editorToken: [] }]);
    expect(doc.paths['/inquiry/submit'].post.requestBody.content['multipart/form-data']).toBeDefined();
  });

  test('a rebuild is queued at once; triggers while it waits join it, and one during a build queues exactly one more', async () => {
    const { token } = await createEditorToken(api.db, 'builder@example.com');
    await api.db.query('delete from site_build');
    const first = await api.post('/editor/rebuild', {}, bearer(token));
    expect(first.body).toMatchObject({ code: 200, data: { status: 'queued', coalesced: false } });
    const { buildId } = first.body.data as { buildId: string };
    const joined = await api.post('/editor/rebuild', {}, bearer(token));
    expect(joined.body.data).toEqual({ buildId, status: 'queued', coalesced: true });
    // A builder takes it (as rebuild.ts does); triggers during the build make one more, and only one.
    await api.db.query("update site_build set status = 'building', started_at = now(), heartbeat_at = now()");
    const during = await Promise.all([1, 2, 3].map(() => api.post('/editor/rebuild', {}, bearer(token))));
    const ids = new Set(during.map((answer) => (answer.body.data as { buildId: string }).buildId));
    expect(ids.size).toBe(1);
    expect(ids.has(buildId)).toBe(false);
    const rows = await api.db.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from site_build group by status order by status',
    );
    expect(rows).toEqual([
      { status: 'building', n: 1 },
      { status: 'queued', n: 1 },
    ]);
    const status = await api.post('/editor/build/status', { buildId }, bearer(token));
    expect(status.body.data).toMatchObject({
      buildId,
      status: 'building',
      requestedBy: 'builder@example.com',
      pagesRendered: 0,
      release: null,
      error: null,
    });
    expect(status.body.data.ms).toBeGreaterThanOrEqual(0);
  });

  test('a second build cannot start while one runs, in any process: the database refuses it', async () => {
    await api.db.query('delete from site_build');
    await api.db.query("insert into site_build (id, status, requested_by) values ('a', 'building', 'x')");
    await expect(
      api.db.query("insert into site_build (id, status, requested_by) values ('b', 'building', 'x')"),
    ).rejects.toThrow(/unique/);
    await api.db.query('delete from site_build');
  });

  test('build status: 404 in the caller’s language for an unknown build, 400 for a bad id, 401 without a token', async () => {
    const { token } = await createEditorToken(api.db, 'status@example.com');
    const unknown = await api.post('/editor/build/status', { buildId: 'nope', language: 'zh' }, bearer(token));
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('未找到：不存在 id 为 nope 的构建。');
    const bad = await api.post('/editor/build/status', { buildId: 'x'.repeat(65) }, bearer(token));
    expect(bad.status).toBe(400);
    expect((await api.post('/editor/rebuild', {})).status).toBe(401);
  });
});
