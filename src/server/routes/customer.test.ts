import { randomBytes, scryptSync } from 'node:crypto';
import { expect, test } from 'vitest';
import { type ApiClient, describeApi, loggedInCustomer } from '#tests/support/testing.ts';
import { CODE_TRIES } from '../auth/codes.ts';

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

  test('stores only an argon2id hash of the password and a SHA-256 of the token', async () => {
    const { token, customer } = await loggedInCustomer(api, { password: 'a long passphrase' });
    const [row] = await api.db.query<{ password_hash: string }>('select password_hash from customer where id = $1', [
      customer.id,
    ]);
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(row?.password_hash).not.toContain('a long passphrase');
    const sessions = await api.db.query<{ token_hash: string; days: number }>(
      `select token_hash, round(extract(epoch from expires_at - created_at) / 86400)::int as days
       from session where customer_id = $1`,
      [customer.id],
    );
    expect(sessions).toEqual([{ token_hash: expect.stringMatching(/^[0-9a-f]{64}$/), days: 30 }]);
    expect(sessions[0]?.token_hash).not.toContain(token);
  });

  test('answers 409 for a taken username only after a valid code, in either case', async () => {
    await loggedInCustomer(api, { username: 'grace', email: 'grace@example.com' });
    const sameName = await register(api, 'GRACE', 'other-grace@example.com');
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({ code: 409, msg: 'This username is already taken.', data: null });
  });

  test('answers a register code request alike for a registered and a new email; the mail tells which', async () => {
    const { email } = await loggedInCustomer(api);
    const fresh = 'fresh-face@example.com';
    for (const language of ['en', 'zh']) {
      const known = await api.post('/client/send/email', { language, email: email.toUpperCase(), purpose: 'register' });
      const other = await api.post('/client/send/email', { language, email: fresh, purpose: 'register' });
      expect(known.status).toBe(200);
      expect(other).toEqual(known);
      await api.db.query(
        "update verification_code set last_sent_at = now() - interval '2 minutes' where email in ($1, $2)",
        [email, fresh],
      );
    }
    const knownMail = await api.mail.waitFor(email, (mail) => mail.text.includes('already have'));
    expect(knownMail.subject).toBe('You already have a LumenLab Instruments account');
    expect(knownMail.code).toBeUndefined();
    expect(knownMail.text).toContain('Forgot your password?');
    const knownZh = await api.mail.waitFor(email, (mail) => mail.subject.includes('您已'));
    expect(knownZh.text).toContain('忘记密码？');
    expect(knownZh.code).toBeUndefined();
    const freshMail = await api.mail.waitFor(fresh);
    expect(freshMail.code).toMatch(/^\d{6}$/);
  });

  test('answers /client/register alike for a registered and a new email, checking the code before the names', async () => {
    const taken = await loggedInCustomer(api);
    const fresh = 'new-arrival@example.com';
    await api.post('/client/send/email', { email: taken.email, purpose: 'register' });
    await api.post('/client/send/email', { email: fresh, purpose: 'register' });
    const { code } = await api.mail.waitFor(fresh);
    const form = {
      name: 'Someone',
      password: 'some password',
      confirmPassword: 'some password',
      contactNumber: '+1 555 0100',
      code: String((Number(code) + 1) % 1_000_000).padStart(6, '0'),
      agree: true,
    };
    // A taken username and a registered email with a wrong code, against a new pair with the same code.
    const known = await api.post('/client/register', { ...form, username: taken.username, email: taken.email });
    const other = await api.post('/client/register', { ...form, username: 'brand-new-name', email: fresh });
    expect(known.status).toBe(400);
    expect(known.body).toEqual({ code: 400, msg: 'The verification code is wrong.', data: null });
    expect(other).toEqual(known);
  });

  test('rehashes a password stored with scrypt as argon2id at the next login', async () => {
    const { customer, username } = await loggedInCustomer(api);
    const salt = randomBytes(16);
    const key = scryptSync('an older secret', salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const scrypted = ['scrypt', 2 ** 15, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    await api.db.query('update customer set password_hash = $2 where id = $1', [customer.id, scrypted]);
    const stored = async () =>
      (
        await api.db.query<{ password_hash: string }>('select password_hash from customer where id = $1', [customer.id])
      )[0]?.password_hash;
    expect((await api.post('/client/login', { account: username, password: 'not it at all' })).status).toBe(400);
    expect(await stored()).toBe(scrypted);
    expect((await api.post('/client/login', { account: username, password: 'an older secret' })).body.code).toBe(200);
    expect(await stored()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await api.post('/client/login', { account: username, password: 'an older secret' })).body.code).toBe(200);
  });

  test('keeps the code usable when registration fails on a taken username', async () => {
    await loggedInCustomer(api, { username: 'hopper' });
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

  test('lets one code ask after taken usernames only as many times as a code has tries', async () => {
    const taken = await loggedInCustomer(api);
    await api.post('/client/send/email', { email: 'prober@example.com', purpose: 'register' });
    const { code } = await api.mail.waitFor('prober@example.com');
    const form = {
      name: 'Prober',
      email: 'prober@example.com',
      password: 'probe probe 1',
      confirmPassword: 'probe probe 1',
      contactNumber: '+1 555 0101',
      code,
      agree: true,
      username: taken.username,
    };
    for (let i = 0; i < CODE_TRIES; i++) expect((await api.post('/client/register', form)).status).toBe(409);
    // The right code, a free name: the code has no tries left, so nothing more can be learnt with it.
    const after = await api.post('/client/register', { ...form, username: 'a-free-name' });
    expect(after.body).toMatchObject({ code: 400, msg: 'Too many wrong codes. Please request a new one.' });
  });

  test('answers the logged-in customer from /client/info and merges updates', async () => {
    const { headers, customer } = await loggedInCustomer(api);
    const info = await api.get('/client/info?language=zh', headers);
    expect(info.body).toEqual({ code: 200, msg: expect.any(String), data: customer });
    const updated = await api.post('/client/update', { name: 'Dr. Ada', contactNumber: '+65 8000 0000' }, headers);
    expect(updated.body.data).toMatchObject({ id: customer.id, name: 'Dr. Ada', contactNumber: '+65 8000 0000' });
    const nameOnly = await api.post('/client/update', { name: 'Ada' }, headers);
    expect(nameOnly.body.data).toMatchObject({ name: 'Ada', contactNumber: '+65 8000 0000', email: customer.email });
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
    const { headers, username, password } = await loggedInCustomer(api);
    const other = await api.post('/client/login', { account: username, password });
    const out = await api.get('/client/logout', headers);
    expect(out.body).toMatchObject({ code: 200, data: null });
    const after = await api.get('/client/info', headers);
    expect(after.body).toEqual({ code: 401, msg: 'Your session has ended. Please log in again.', data: null });
    expect((await api.get('/client/logout', headers)).status).toBe(401);
    expect((await api.get('/client/info', { Satoken: other.body.data })).body.code).toBe(200);
  });

  test('refuses an expired token', async () => {
    const { headers, customer } = await loggedInCustomer(api);
    expect((await api.get('/client/info', headers)).body.code).toBe(200);
    await api.db.query("update session set expires_at = now() - interval '1 second' where customer_id = $1", [
      customer.id,
    ]);
    const expired = await api.post('/favorite/page', { language: 'en' }, headers);
    expect(expired.status).toBe(401);
    expect(expired.body.msg).toBe('Your session has ended. Please log in again.');
  });

  test('answers a wrong password and an unknown account alike', async () => {
    const { username } = await loggedInCustomer(api);
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
    expect(doc.body.paths['/client/login'].post.security).toEqual([]);
    expect(doc.body.components.securitySchemes.satoken).toMatchObject({ in: 'header', name: 'Satoken' });
    for (const path of ['/shop/cart/save', '/favorite/page', '/news/collect/save', '/order/submit']) {
      expect(doc.body.paths[path].post.security).toEqual([{ satoken: [] }]);
    }
  });
});
