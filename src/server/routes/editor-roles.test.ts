import { expect, test } from 'vitest';
import { describeApi } from '#tests/support/testing.ts';
import { createEditorToken } from '../auth/editors.ts';

// Issue 38, item 5 (decision 0063): roles checked by the API, mail routing as checked address lists with
// a notice to the old and new addresses, named tokens that end and are revoked one at a time, wrong
// tokens limited per address, and the audit trail of every editor write.

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const SALES = 'sales@lumenlab-instruments.example';

describeApi('editor roles and mail routing', (api) => {
  const editorAndAdmin = async (name: string) => {
    const editor = await createEditorToken(api.db, `${name}-editor@example.com`, { role: 'editor' });
    const admin = await createEditorToken(api.db, `${name}-admin@example.com`, { role: 'admin' });
    return {
      asEditor: (path: string, body: object) => api.post(path, body, bearer(editor.token)),
      asAdmin: (path: string, body: object) => api.post(path, body, bearer(admin.token)),
    };
  };
  const salesEmail = async () =>
    (
      await api.db.query<{ en: string; zh: string }>(
        "select value_en as en, value_zh as zh from system_config where config_name = 'salesEmail'",
      )
    )[0];

  test('an editor edits content and rebuilds, but gets 403 for settings and accounts, before the input is read', async () => {
    const { asEditor, asAdmin } = await editorAndAdmin('roles');
    const attack = { configName: 'salesEmail', configValue: { en: `${SALES}, attacker@evil.example`, zh: SALES } };
    const refused = await asEditor('/editor/config/save', attack);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('This call is for admins; your editor account has the role editor.');
    const zh = await asEditor('/editor/config/save', { ...attack, language: 'zh' });
    expect(zh.body.msg).toBe('此操作仅限管理员；您的编辑账户角色为 editor。');
    // Bad input from the wrong role is still a 403: the role is checked first.
    expect((await asEditor('/editor/config/save', { configName: 'a b' })).status).toBe(403);
    expect((await asEditor('/editor/config/delete', { configName: 'phone' })).status).toBe(403);
    expect((await asEditor('/editor/account/list', {})).status).toBe(403);
    expect((await asEditor('/editor/account/save', { email: 'x@example.com', role: 'admin' })).status).toBe(403);
    expect(await salesEmail()).toEqual({ en: SALES, zh: SALES });

    const meta = [{ name: 'title', content: { en: 'Roles', zh: '角色' } }];
    expect((await asEditor('/editor/meta/save', { page: 'roles', meta })).status).toBe(200);
    expect((await asEditor('/editor/product/publish', { id: 1, published: true })).status).toBe(200);
    expect((await asEditor('/editor/rebuild', {})).status).toBe(200);

    const accounts = await asAdmin('/editor/account/list', {});
    expect(accounts.body.data).toContainEqual(
      expect.objectContaining({ email: 'roles-editor@example.com', role: 'editor', liveTokens: 1 }),
    );
    expect(
      (await asAdmin('/editor/config/save', { configName: 'phone', configValue: { en: '+65 1', zh: '+65 1' } })).status,
    ).toBe(200);
    const promoted = await asAdmin('/editor/account/save', { email: 'roles-editor@example.com', role: 'admin' });
    expect(promoted.body.data).toEqual({ email: 'roles-editor@example.com', role: 'admin', created: false });
    expect((await asEditor('/editor/account/list', {})).status).toBe(200);

    const doc = (await api.get('/openapi.json')).body;
    expect(doc.paths['/editor/config/save'].post['x-editor-role']).toBe('admin');
    expect(doc.paths['/editor/product/save'].post['x-editor-role']).toBe('editor');
  });

  test('the last admin keeps the role', async () => {
    await api.db.query("update editor set role = 'editor'");
    const { token } = await createEditorToken(api.db, 'only-admin@example.com', { role: 'admin' });
    const demoted = await api.post(
      '/editor/account/save',
      { email: 'only-admin@example.com', role: 'editor' },
      bearer(token),
    );
    expect(demoted.status).toBe(409);
    expect(demoted.body.msg).toBe('only-admin@example.com is the last admin: make another editor an admin first.');
  });

  test('salesEmail is a list of addresses, the same in both languages, and cannot be deleted', async () => {
    const { asAdmin } = await editorAndAdmin('routing');
    const save = (en: string, zh = en, language = 'en') =>
      asAdmin('/editor/config/save', { configName: 'salesEmail', configValue: { en, zh }, language });
    for (const [en, zh] of [
      ['not an address', ''],
      [`${SALES}, `, ''],
      [SALES, 'other@lumenlab-instruments.example'],
      [Array.from({ length: 6 }, (_, i) => `desk${i}@lumenlab-instruments.example`).join(', '), ''],
    ] as const) {
      const refused = await save(en, zh);
      expect(refused.status, en).toBe(400);
      expect(refused.body.msg).toBe(
        'This setting decides where mail goes: up to 5 email addresses separated by commas, the same in both languages (or the Chinese left empty).',
      );
    }
    expect((await save('nope', '', 'zh')).body.msg).toContain('此设置决定邮件的去向');
    expect(await salesEmail()).toEqual({ en: SALES, zh: SALES });
    // Any other setting keeps taking free text.
    expect(
      (
        await asAdmin('/editor/config/save', {
          configName: 'supportEmail',
          configValue: { en: 'ask us', zh: '问我们' },
        })
      ).status,
    ).toBe(200);

    const deleted = await asAdmin('/editor/config/delete', { configName: 'salesEmail' });
    expect(deleted.status).toBe(409);
    expect(deleted.body.msg).toBe(
      'The setting "salesEmail" decides where mail goes and cannot be deleted: set other addresses instead.',
    );
  });

  test('a change of salesEmail is mailed to every old and new address, saying who made it', async () => {
    const { asAdmin } = await editorAndAdmin('notice');
    api.mail.clear();
    const saved = await asAdmin('/editor/config/save', {
      configName: 'salesEmail',
      configValue: { en: ` ${SALES.toUpperCase()} ; Attacker@Evil.example`, zh: '' },
    });
    expect(saved.status).toBe(200);
    expect(await salesEmail()).toEqual({
      en: `${SALES}, attacker@evil.example`,
      zh: `${SALES}, attacker@evil.example`,
    });
    const toSales = await api.mail.waitFor(SALES);
    expect(toSales.subject).toContain(
      'Mail for salesEmail on the LumenLab Instruments site now goes to other addresses',
    );
    expect(toSales.text).toContain(
      `notice-admin@example.com changed the setting salesEmail of the LumenLab Instruments site at `,
    );
    expect(toSales.text).toContain(`now goes to: ${SALES}, attacker@evil.example. Until now it went to: ${SALES}.`);
    expect(toSales.text).toContain('由它决定去向的邮件');
    const toNew = await api.mail.waitFor('attacker@evil.example');
    expect(toNew.text).toContain('Until now it went to');

    // Back to one address: both hear of it again; a save that changes nothing sends nothing.
    await asAdmin('/editor/config/save', { configName: 'salesEmail', configValue: { en: SALES, zh: SALES } });
    expect((await api.mail.waitFor('attacker@evil.example')).text).toContain(`now goes to: ${SALES}.`);
    await api.mail.waitFor(SALES);
    await asAdmin('/editor/config/save', { configName: 'salesEmail', configValue: { en: SALES, zh: '' } });
    await api.outbox.idle();
    const [pending] = await api.db.query<{ n: number }>(
      "select count(*)::int as n from mail_outbox where subject like 'Mail for salesEmail%' and sent_at is null",
    );
    expect(pending?.n).toBe(0);
    expect(api.mail.messages.filter((mail) => mail.subject.startsWith('Mail for salesEmail'))).toHaveLength(4);
  });
});

describeApi('editor tokens', (api) => {
  test('tokens have names and an end; one is revoked alone; an expired or revoked one gets 401', async () => {
    const laptop = await createEditorToken(api.db, 'tokens@example.com', { name: 'laptop' });
    const ci = await createEditorToken(api.db, 'tokens@example.com', { name: 'ci', days: 1 });
    const me = await api.post('/editor/me', {}, bearer(laptop.token));
    expect(me.body.data).toMatchObject({
      email: 'tokens@example.com',
      role: 'editor',
      token: { name: 'laptop', kind: 'api' },
    });
    const days = (Date.parse(me.body.data.token.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    const taken = await api.post('/editor/token/create', { name: 'laptop' }, bearer(laptop.token));
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe(
      'tokens@example.com already has a live token named "laptop": revoke it or choose another name.',
    );
    const phone = await api.post('/editor/token/create', { name: 'phone', days: 7 }, bearer(laptop.token));
    expect(phone.body.data).toMatchObject({ name: 'phone', token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const list = await api.post('/editor/token/list', {}, bearer(laptop.token));
    expect(list.body.data.map((token: { name: string }) => token.name)).toEqual(['phone', 'ci', 'laptop']);

    const ciId = list.body.data.find((token: { name: string }) => token.name === 'ci').id;
    expect((await api.post('/editor/token/revoke', { id: ciId }, bearer(laptop.token))).body.data).toEqual({
      id: ciId,
      revoked: true,
    });
    const revoked = await api.post('/editor/me', {}, bearer(ci.token));
    expect(revoked.status).toBe(401);
    expect(revoked.body.msg).toBe('This editor token is unknown, expired or revoked.');
    expect((await api.post('/editor/me', {}, bearer(laptop.token))).status).toBe(200);

    await api.db.query("update editor_token set expires_at = now() - interval '1 second' where name = 'phone'");
    expect((await api.post('/editor/me', {}, bearer(phone.body.data.token))).status).toBe(401);
    const ended = await api.post('/editor/token/list', { ended: true }, bearer(laptop.token));
    expect(
      Object.fromEntries(ended.body.data.map((token: { name: string; state: string }) => [token.name, token.state])),
    ).toEqual({ phone: 'expired', ci: 'revoked', laptop: 'live' });
    // An expired name may be used again.
    expect((await api.post('/editor/token/create', { name: 'phone' }, bearer(laptop.token))).status).toBe(200);
  });

  test('an editor sees and revokes only their own tokens; an admin, anyone’s', async () => {
    const mine = await createEditorToken(api.db, 'mine@example.com', { name: 'mine' });
    const theirs = await createEditorToken(api.db, 'theirs@example.com', { name: 'theirs' });
    const admin = await createEditorToken(api.db, 'boss@example.com', { role: 'admin' });
    const others = await api.post('/editor/token/list', { email: 'theirs@example.com' }, bearer(mine.token));
    expect(others.status).toBe(403);
    expect(others.body.msg).toBe('Only admins may see or revoke the tokens of other editors.');
    expect((await api.post('/editor/token/revoke', { id: theirs.tokenId }, bearer(mine.token))).status).toBe(404);
    expect((await api.post('/editor/me', {}, bearer(theirs.token))).status).toBe(200);
    const all = await api.post('/editor/token/list', { email: '*' }, bearer(admin.token));
    expect(all.body.data.map((token: { email: string }) => token.email)).toEqual(
      expect.arrayContaining(['mine@example.com', 'theirs@example.com', 'boss@example.com']),
    );
    expect((await api.post('/editor/token/revoke', { id: theirs.tokenId }, bearer(admin.token))).status).toBe(200);
    expect((await api.post('/editor/me', {}, bearer(theirs.token))).status).toBe(401);
  });
});

describeApi(
  'wrong editor tokens',
  (api) => {
    test('are limited per address: past 20 in 15 minutes even a right token from there gets 429, others go on', async () => {
      const { token } = await createEditorToken(api.db, 'limited@example.com');
      const from = (address: string) => ({ 'x-forwarded-for': address });
      const wrong = 'w'.repeat(43);
      const call = (token: string | undefined, address: string) =>
        api.post(
          '/editor/product/publish',
          { id: 1, published: true },
          { ...(token ? bearer(token) : {}), ...from(address) },
        );
      for (let i = 0; i < 20; i++) {
        const answer = await call(wrong, '198.51.100.7');
        expect(answer.status, `attempt ${i + 1}`).toBe(401);
      }
      const limited = await call(token, '198.51.100.7');
      expect(limited.status).toBe(429);
      expect(limited.body.msg).toBe('Too many wrong editor tokens from your address. Please try again in 15 minutes.');
      expect((await call(token, '198.51.100.8')).status).toBe(200);
      // Right tokens cost nothing: many at once from one address all pass.
      const burst = await Promise.all(Array.from({ length: 30 }, () => call(token, '198.51.100.9')));
      expect(burst.every((answer) => answer.status === 200)).toBe(true);
      // No token at all is not a guess.
      expect((await call(undefined, '198.51.100.10')).status).toBe(401);
    });
  },
  { behindProxy: true },
);

describeApi('the audit trail', (api) => {
  test('every editor write, with who, when, what and the record before, filtered by editor, record and day', async () => {
    const editor = await createEditorToken(api.db, 'trail@example.com');
    const other = await createEditorToken(api.db, 'other-trail@example.com');
    const as = (path: string, body: object, token = editor.token) => api.post(path, body, bearer(token));
    const history = async (filter: object) =>
      (await as('/editor/history', { pageSize: 100, ...filter })).body.data as {
        total: number;
        records: Record<string, unknown>[];
      };

    const [product] = await api.db.query<{ id: number; part_number: string }>(
      'select id, part_number from product order by id limit 1',
    );
    if (!product) throw new Error('no product');
    const item = (await api.post('/product/item', { id: product.id })).body.data;
    const started = new Date().toISOString();
    await as('/editor/product/publish', { id: product.id, published: false });
    await as('/editor/product/publish', { id: product.id, published: true }, other.token);
    const meta = [{ name: 'title', content: { en: 'Trail', zh: '记录' } }];
    await as('/editor/meta/save', { page: 'trail', meta });
    await as('/editor/meta/save', { page: 'trail', meta: [] });
    const rebuild = await as('/editor/rebuild', {});

    const mine = await history({ actor: 'trail@example.com' });
    expect(mine.records.map((entry) => `${entry.action} ${entry.entity} ${entry.key}`)).toEqual([
      `rebuild build ${rebuild.body.data.buildId}`,
      'save meta trail',
      'save meta trail',
      `unpublish product ${product.id}`,
    ]);
    const [unpublish] = mine.records.slice(-1);
    expect(unpublish).toMatchObject({
      actor: 'trail@example.com',
      via: 'api',
      label: product.part_number,
      detail: { published: false },
      before: { partNumber: product.part_number, published: true, name: { en: item.name } },
    });
    expect(Date.parse(unpublish?.at as string)).toBeGreaterThanOrEqual(Date.parse(started) - 1000);
    expect(mine.records[1]).toMatchObject({ before: { page: 'trail', meta }, detail: { page: 'trail', meta: [] } });
    expect(mine.records[2]).toMatchObject({ before: null, detail: { page: 'trail', meta } });

    const record = await history({ entity: 'product', key: String(product.id) });
    expect(record.records.map((entry) => [entry.actor, entry.action])).toEqual([
      ['other-trail@example.com', 'publish'],
      ['trail@example.com', 'unpublish'],
    ]);
    const today = started.slice(0, 10);
    expect((await history({ entity: 'meta', since: today, until: today })).total).toBe(2);
    expect((await history({ entity: 'meta', since: '2999-01-01' })).total).toBe(0);
    expect((await history({ actor: 'shell', entity: 'token' })).total).toBeGreaterThanOrEqual(2);

    // The trail only grows.
    await expect(api.db.query("update audit_log set actor = 'nobody'")).rejects.toThrow(/append-only/);
    await expect(api.db.query('delete from audit_log')).rejects.toThrow(/append-only/);
  });

  test('a product saved, then deleted: the record before is the save call’s shape, and posting it back restores it', async () => {
    const { token } = await createEditorToken(api.db, 'restore@example.com');
    const as = (path: string, body: object) => api.post(path, body, bearer(token));
    const [product] = await api.db.query<{ id: number }>(
      `select p.id from product p where exists (select 1 from product_option o where o.product_id = p.id)
         and exists (select 1 from product_relation r where r.product_id = p.id)
         and exists (select 1 from product_resource s where s.product_id = p.id) order by p.id limit 1`,
    );
    if (!product) throw new Error('no product with options, relations and resources');
    const shown = (await api.post('/product/item', { id: product.id })).body.data;
    expect((await as('/editor/product/delete', { id: product.id })).status).toBe(200);
    const [entry] = (await as('/editor/history', { entity: 'product', key: String(product.id), action: 'delete' })).body
      .data.records;
    expect(entry.before.options.length).toBeGreaterThan(0);
    const restored = await as('/editor/product/save', entry.before);
    expect(restored.status).toBe(200);
    const again = (await api.post('/product/item', { id: restored.body.data.id })).body.data;
    for (const field of ['name', 'partNumber', 'price', 'attributes', 'resources'])
      expect(again[field], field).toEqual(shown[field]);
    // Options are new rows, with new ids.
    const options = (list: { name: string; values: { label: string; priceDelta: number }[] }[]) =>
      list.map(({ name, values }) => ({
        name,
        values: values.map(({ label, priceDelta }) => ({ label, priceDelta })),
      }));
    expect(options(again.options)).toEqual(options(shown.options));
    expect(again.alternatives.map((p: { partNumber: string }) => p.partNumber)).toEqual(
      shown.alternatives.map((p: { partNumber: string }) => p.partNumber),
    );
  });
});
