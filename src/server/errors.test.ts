import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { describeApi, loggedInCustomer } from '#tests/support/testing.ts';
import { createMailer } from './mail/mailer.ts';
import { prepareDb, type RunningServer, startServer } from './server.ts';

describeApi('bad input', (api) => {
  test('answers 404 with a message for an unknown id, in the request language', async () => {
    const en = await api.post('/product/item', { language: 'en', id: 999999 });
    expect(en.status).toBe(404);
    expect(en.body).toEqual({ code: 404, msg: 'Not found: no product with id 999999.', data: null });
    const zh = await api.post('/product/item', { language: 'zh', id: 999999 });
    expect(zh.body.msg).toBe('未找到：不存在 id 为 999999 的产品。');
    for (const path of ['/category/item', '/solutions/item', '/news/item']) {
      const response = await api.post(path, { id: 424242 });
      expect(response.body.code).toBe(404);
    }
  });

  test('answers 400 naming the field for a wrong type', async () => {
    const response = await api.post('/product/item', { language: 'en', id: 'twelve' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(400);
    expect(response.body.msg).toBe('Invalid value for "id": expected number, got "twelve"');
    const zh = await api.post('/product/item', { language: 'zh', id: 'twelve' });
    expect(zh.body.msg).toBe('字段“id”的值无效：应为 number，实际为 "twelve"');
  });

  test('answers 400 for a missing id, a negative page and a page size over 999', async () => {
    expect((await api.post('/product/item', { language: 'en' })).body.msg).toContain('"id"');
    expect((await api.post('/product/page', { pageNum: -1 })).body.msg).toContain('"pageNum"');
    const big = await api.post('/product/page', { pageSize: 1000 });
    expect(big.body).toMatchObject({ code: 400, msg: 'Invalid value for "pageSize": must be at most 999' });
  });

  test('answers 400 for an unknown language', async () => {
    const response = await api.post('/category/list', { language: 'fr' });
    expect(response.body.code).toBe(400);
    expect(response.body.msg).toContain('"language"');
  });

  test('answers 400 for a body that is not JSON or not an object', async () => {
    const broken = await api.post('/category/list', '{"language": ');
    expect(broken.body).toEqual({ code: 400, msg: 'The request body is not valid JSON.', data: null });
    const array = await api.post('/category/list', '[1,2]');
    expect(array.body.code).toBe(400);
    const zh = await api.post('/category/list', 'nope', { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(zh.body.msg).toBe('请求内容不是有效的 JSON。');
  });

  test('answers 413 for a body over the limit', async () => {
    const response = await api.post('/category/list', { language: 'en', junk: 'x'.repeat(2 * 1024 * 1024) });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe(413);
  });

  test('answers 404 in the envelope for an unknown call or method', async () => {
    const unknown = await api.post('/no/such/call', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      code: 404,
      msg: 'There is no API call at POST /api/no/such/call.',
      data: null,
    });
    const wrongMethod = await api.get('/category/list');
    expect(wrongMethod.body.code).toBe(404);
  });

  test('ignores unknown fields and survives unicode and huge numbers', async () => {
    const ok = await api.post('/category/list', { language: 'zh', extra: { deep: ['🙂', null] } });
    expect(ok.body.code).toBe(200);
    const huge = await api.post('/product/item', { id: 1e300 });
    expect(huge.body.code).toBe(400);
    const float = await api.post('/product/item', { id: 1.5 });
    expect(float.body.msg).toBe('Invalid value for "id": expected a whole number');
  });

  test('repeats at most 40 characters of a value it refuses', async () => {
    const response = await api.post('/product/item', { id: 'x'.repeat(5000) });
    expect(response.body.msg).toBe(`Invalid value for "id": expected number, got "${'x'.repeat(40)}…"`);
    const zh = await api.post('/category/list', { language: `${'中'.repeat(39)}🧪🧪` });
    expect(zh.body.msg).toBe(`Invalid value for "language": expected one of ("en" | "zh"), got "${'中'.repeat(39)}…"`);
    const unknown = await api.post(`/${'a'.repeat(5000)}`, {});
    expect(unknown.body.code).toBe(404);
    expect(unknown.body.msg.length).toBeLessThan(200);
  });

  test('refuses the character U+0000 in any text with 400, naming the field where no text rule speaks first', async () => {
    // A line of customer text refuses every control character with the forms' own message (src/api/fields.ts).
    const login = await api.post('/client/login', { account: 'ada\u0000', password: 'difference engine' });
    expect(login.body).toEqual({
      code: 400,
      msg: 'Line breaks, tabs and control characters are not allowed here.',
      data: null,
    });
    // A password may hold any character but U+0000, which PostgreSQL cannot store.
    const password = await api.post('/client/login', { account: 'ada', password: 'difference\u0000engine' });
    expect(password.body).toEqual({
      code: 400,
      msg: 'Invalid value for "password": must not contain the character U+0000',
      data: null,
    });
    const { headers } = await loggedInCustomer(api);
    const update = await api.post('/client/update', { language: 'zh', name: 'A\u0000da' }, headers);
    expect(update.body).toEqual({ code: 400, msg: '此处不能包含换行符、制表符或控制字符。', data: null });
    const address = { name: 'Ada', contactNumber: '+65 6123 4567', address: '1 Way\u0000', country: 'SG' };
    expect((await api.post('/client/addresses/save', address, headers)).body.code).toBe(400);
    expect((await api.post('/order/submit', { addressId: 1, remark: '\u0000' }, headers)).body.code).toBe(400);
  });

  test('refuses a lone surrogate in any text with 400 naming the field, which has no UTF-8 form', async () => {
    const { headers } = await loggedInCustomer(api);
    const address = { name: 'Ada', contactNumber: '+65 6123 4567', address: '\udc00 1 Way', country: 'SG' };
    expect((await api.post('/client/addresses/save', address, headers)).body).toEqual({
      code: 400,
      msg: 'Invalid value for "address": must be valid Unicode text (it holds a lone UTF-16 surrogate)',
      data: null,
    });
    const update = await api.post('/client/update', { language: 'zh', name: 'Ada \ud83d' }, headers);
    expect(update.body).toEqual({
      code: 400,
      msg: '字段“name”的值无效：必须是有效的 Unicode 文本（含有不成对的 UTF-16 代理项）',
      data: null,
    });
    // A pair is a character like any other.
    expect((await api.post('/client/update', { name: 'Ada 🧪' }, headers)).body.code).toBe(200);
  });

  test('refuses a timestamp of a day that does not exist, and reads any offset as UTC', async () => {
    for (const updatedSince of ['2023-02-29T00:00:00Z', '2024-04-31T00:00:00Z', '0000-06-01T00:00:00Z']) {
      const response = await api.post('/product/page', { updatedSince });
      expect(response.body).toEqual({
        code: 400,
        msg: 'Invalid value for "updatedSince": expected an ISO 8601 date and time',
        data: null,
      });
    }
    const total = async (updatedSince: string) => (await api.post('/product/page', { updatedSince })).body.data.total;
    await api.db.query(`update product set updated_at = '2024-01-01T00:00:00Z' where id = 1`);
    // An offset PostgreSQL refuses (+23:59) and one without a colon, each the same instant as a UTC time.
    expect(await total('2024-01-01T23:59:00+23:59')).toBe(await total('2024-01-01T00:00:00Z'));
    expect(await total('2024-01-01T00:00:01+2359')).toBe(await total('2023-12-31T00:01:01Z'));
    expect(await total('2024-01-01 05:30:00.000001 +05:30')).toBe(await total('2024-01-01T00:00:00.000001Z'));
  });

  test('serves an OpenAPI document generated from the contract', async () => {
    const doc = await api.get('/openapi.json');
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toContain('/category/list');
    const item = doc.body.paths['/product/item'].post;
    expect(item.requestBody.content['application/json'].schema.required).toContain('id');
  });
});

describe('body size over HTTP', () => {
  let server: RunningServer | undefined;
  const outbox = mkdtempSync(join(tmpdir(), 'errors-test-mail-'));
  beforeAll(async () => {
    const db = await prepareDb({});
    server = await startServer({ db, port: 0, host: '127.0.0.1', mailer: createMailer({ outboxDir: outbox }) });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await server?.db.close();
    rmSync(outbox, { recursive: true, force: true });
  });
  const url = () => `${server?.url}/api/category/list`;

  test('answers 413 from the declared length of a body over the limit', async () => {
    const response = await fetch(url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' },
      body: JSON.stringify({ junk: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ code: 413, msg: expect.stringMatching(/请求/), data: null });
  });

  test('answers 413 to a streamed body once it passes the limit, and reads one under it', async () => {
    const stream = (total: number) => {
      let sent = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= total) return controller.close();
          const chunk = new TextEncoder().encode(sent === 0 ? '{"junk":"' : 'x'.repeat(64 * 1024));
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      });
    };
    const big = await fetch(url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream(4 * 1024 * 1024),
      duplex: 'half',
    } as RequestInit);
    expect(big.status).toBe(413);
    expect((await big.json()).msg).toBe('The request is too large.');
    const small = await fetch(url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob(['{"language":"en"}']).stream(),
      duplex: 'half',
    } as RequestInit);
    expect((await small.json()).code).toBe(200);
  });
});
