import { expect, test } from 'vitest';
import { type ApiClient, describeApi, loggedInClient } from '../testing.ts';

/** Registers through the API: a code emailed to the sink, then /client/register with it. */
async function register(api: ApiClient, username: string, email: string, language: 'en' | 'zh' = 'en') {
  const sent = await api.post('/client/send/email', { language, email, purpose: 'register' });
  expect(sent.body).toEqual({ code: 200, msg: expect.any(String), data: null });
  const mail = await api.mail.waitFor(email);
  return api.post('/client/register', {
    language,
    username,
    name: 'Ada Lovelace',
    email,
    password: 'difference engine',
    confirmPassword: 'difference engine',
    contactNumber: '+44 20 7946 0000',
    code: mail.code,
    agree: true,
  });
}

describeApi('customer accounts', (api) => {
  test('registers with an emailed code, then logs in by username or email', async () => {
    const registered = await register(api, 'ada', 'Ada@Example.com');
    expect(registered.status).toBe(200);
    expect(registered.body.data).toMatchObject({ username: 'ada', email: 'ada@example.com', name: 'Ada Lovelace' });
    expect(registered.body.data).not.toHaveProperty('password');
    const byName = await api.post('/client/login', { account: 'ada', password: 'difference engine' });
    expect(byName.body.code).toBe(200);
    expect(byName.body.data).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const byEmail = await api.post('/client/login', { account: 'ADA@example.com', password: 'difference engine' });
    expect(byEmail.body.code).toBe(200);
    expect(byEmail.body.data).not.toBe(byName.body.data);
  });

  test('emails the registration code in the language of the request', async () => {
    await api.post('/client/send/email', { language: 'zh', email: 'zhang@example.com', purpose: 'register' });
    const mail = await api.mail.waitFor('zhang@example.com');
    expect(mail.subject).toBe('您的 LumenLab Instruments 验证码');
    expect(mail.text).toContain(`验证码为 ${mail.code}`);
    expect(mail.html).toContain(mail.code);
  });

  test('stores only a scrypt hash of the password and a SHA-256 of the token', async () => {
    const { token, client } = await loggedInClient(api, { password: 'a long passphrase' });
    const [row] = await api.db.query<{ password_hash: string }>('select password_hash from client where id = $1', [
      client.id,
    ]);
    expect(row?.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(row?.password_hash).not.toContain('a long passphrase');
    const sessions = await api.db.query<{ token_hash: string; days: number }>(
      `select token_hash, round(extract(epoch from expires_at - created_at) / 86400)::int as days
       from session where client_id = $1`,
      [client.id],
    );
    expect(sessions).toEqual([{ token_hash: expect.stringMatching(/^[0-9a-f]{64}$/), days: 30 }]);
    expect(sessions[0]?.token_hash).not.toContain(token);
  });

  test('answers 409 for a taken username or email, in either case', async () => {
    const first = await loggedInClient(api, { username: 'grace', email: 'grace@example.com' });
    const sameName = await register(api, 'GRACE', 'other-grace@example.com');
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({ code: 409, msg: 'This username is already taken.', data: null });
    const sameEmail = await api.post('/client/send/email', { email: first.email.toUpperCase(), purpose: 'register' });
    expect(sameEmail.body).toMatchObject({ code: 409, msg: 'An account with this email address already exists.' });
    const zh = await api.post('/client/send/email', { language: 'zh', email: first.email, purpose: 'register' });
    expect(zh.body.msg).toBe('该邮箱已注册。');
  });

  test('keeps the code usable when registration fails on a taken username', async () => {
    await loggedInClient(api, { username: 'hopper' });
    await api.post('/client/send/email', { email: 'hopper2@example.com', purpose: 'register' });
    const { code } = await api.mail.waitFor('hopper2@example.com');
    const form = {
      name: 'Grace Hopper',
      email: 'hopper2@example.com',
      password: 'cobol rules!',
      confirmPassword: 'cobol rules!',
      contactNumber: '+1 555 0100',
      code,
      agree: true,
    };
    expect((await api.post('/client/register', { ...form, username: 'hopper' })).status).toBe(409);
    const second = await api.post('/client/register', { ...form, username: 'hopper-2' });
    expect(second.body.code).toBe(200);
  });

  test('answers the logged-in customer from /client/info and merges updates', async () => {
    const { headers, client } = await loggedInClient(api);
    const info = await api.get('/client/info?language=zh', headers);
    expect(info.body).toEqual({ code: 200, msg: expect.any(String), data: client });
    const updated = await api.post('/client/update', { name: 'Dr. Ada', contactNumber: '+65 8000 0000' }, headers);
    expect(updated.body.data).toMatchObject({ id: client.id, name: 'Dr. Ada', contactNumber: '+65 8000 0000' });
    const nameOnly = await api.post('/client/update', { name: 'Ada' }, headers);
    expect(nameOnly.body.data).toMatchObject({ name: 'Ada', contactNumber: '+65 8000 0000', email: client.email });
  });

  test('answers 401 in the request language without a token, or with an unknown one', async () => {
    const missing = await api.get('/client/info?language=en');
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ code: 401, msg: 'Please log in first.', data: null });
    const missingZh = await api.post('/shop/cart/page', { language: 'zh' });
    expect(missingZh.body).toEqual({ code: 401, msg: '请先登录。', data: null });
    const unknown = await api.get('/client/info?language=zh', { Satoken: 'x'.repeat(43) });
    expect(unknown.status).toBe(401);
    expect(unknown.body.msg).toBe('登录已失效，请重新登录。');
  });

  test('revokes the token at logout, and only that token', async () => {
    const { headers, username, password } = await loggedInClient(api);
    const other = await api.post('/client/login', { account: username, password });
    const out = await api.get('/client/logout', headers);
    expect(out.body).toMatchObject({ code: 200, data: null });
    const after = await api.get('/client/info', headers);
    expect(after.body).toEqual({ code: 401, msg: 'Your session has ended. Please log in again.', data: null });
    expect((await api.get('/client/logout', headers)).status).toBe(401);
    expect((await api.get('/client/info', { Satoken: other.body.data })).body.code).toBe(200);
  });

  test('refuses an expired token', async () => {
    const { headers, client } = await loggedInClient(api);
    expect((await api.get('/client/info', headers)).body.code).toBe(200);
    await api.db.query("update session set expires_at = now() - interval '1 second' where client_id = $1", [client.id]);
    const expired = await api.post('/favorite/page', { language: 'en' }, headers);
    expect(expired.status).toBe(401);
    expect(expired.body.msg).toBe('Your session has ended. Please log in again.');
  });

  test('answers a wrong password and an unknown account alike', async () => {
    const { username } = await loggedInClient(api);
    const wrong = await api.post('/client/login', { account: username, password: 'not the password' });
    const unknown = await api.post('/client/login', { account: 'nobody-here', password: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: 400, msg: 'The account or password is wrong.', data: null });
    expect(unknown.body).toEqual(wrong.body);
    const zh = await api.post('/client/login', { language: 'zh', account: username, password: 'nope nope' });
    expect(zh.body.msg).toBe('账号或密码错误。');
  });

  test('documents the customer calls in the OpenAPI document, marking those that need Satoken', async () => {
    const doc = await api.get('/openapi.json');
    expect(doc.body.paths['/client/info'].get.security).toEqual([{ satoken: [] }]);
    expect(doc.body.paths['/client/login'].post.security).toBeUndefined();
    expect(doc.body.components.securitySchemes.satoken).toMatchObject({ in: 'header', name: 'Satoken' });
    for (const path of ['/shop/cart/save', '/favorite/page', '/news/collect/save', '/order/submit']) {
      expect(doc.body.paths[path].post.security).toEqual([{ satoken: [] }]);
    }
  });
});
