import { expect, test } from 'vitest';
import { type ApiClient, describeApi, loggedInCustomer } from '#tests/support/testing.ts';

let emails = 0;
const freshEmail = () => `code${++emails}@example.com`;

async function sendCode(api: ApiClient, email: string, purpose: 'register' | 'reset' = 'register') {
  const sent = await api.post('/client/send/email', { email, purpose });
  expect(sent.body.code).toBe(200);
  const mail = await api.mail.waitFor(email);
  return mail.code ?? '';
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const check = (api: ApiClient, email: string, code: string, language = 'en') =>
  api.post('/client/check/code', { language, email, code, purpose: 'register' });

describeApi('verification codes', (api) => {
  test('stores only a hash of the 6-digit code, valid for 10 minutes', async () => {
    const email = freshEmail();
    const code = await sendCode(api, email);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await api.db.query<{ code_hash: string; minutes: number }>(
      `select code_hash, round(extract(epoch from expires_at - last_sent_at) / 60)::int as minutes
       from verification_code where email = $1`,
      [email],
    );
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.code_hash).not.toContain(code);
    expect(row?.minutes).toBe(10);
  });

  test('accepts the right code without using it up', async () => {
    const email = freshEmail();
    const code = await sendCode(api, email);
    expect((await check(api, email, code)).body).toMatchObject({ code: 200, data: { valid: true } });
    expect((await check(api, email, code)).body.code).toBe(200);
  });

  test('refuses a wrong code, in the request language', async () => {
    const email = freshEmail();
    const code = await sendCode(api, email);
    const en = await check(api, email, wrongCode(code));
    expect(en.status).toBe(400);
    expect(en.body).toEqual({ code: 400, msg: 'The verification code is wrong.', data: null });
    expect((await check(api, email, wrongCode(code), 'zh')).body.msg).toBe('验证码不正确。');
    expect((await check(api, 'never-sent@example.com', code)).body.msg).toBe('The verification code is wrong.');
  });

  test('refuses an expired code', async () => {
    const email = freshEmail();
    const code = await sendCode(api, email);
    await api.db.query("update verification_code set expires_at = now() - interval '1 second' where email = $1", [
      email,
    ]);
    const expired = await check(api, email, code);
    expect(expired.body).toEqual({
      code: 400,
      msg: 'The verification code has expired. Please request a new one.',
      data: null,
    });
    expect((await check(api, email, code, 'zh')).body.msg).toBe('验证码已过期，请重新获取。');
  });

  test('burns the code after 5 wrong tries: the 6th try fails even with the right code', async () => {
    const email = freshEmail();
    const code = await sendCode(api, email);
    for (let i = 0; i < 5; i++) expect((await check(api, email, wrongCode(code))).body.msg).toContain('wrong');
    const sixth = await check(api, email, code);
    expect(sixth.status).toBe(400);
    expect(sixth.body.msg).toBe('Too many wrong codes. Please request a new one.');
    expect((await check(api, email, code, 'zh')).body.msg).toBe('验证码错误次数过多，请重新获取。');
  });

  test('sends at most one code a minute per email and purpose, and a new code replaces the old one', async () => {
    const email = freshEmail();
    const first = await sendCode(api, email);
    const again = await api.post('/client/send/email', { email, purpose: 'register' });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe(429);
    expect(again.body.msg).toMatch(/^A code was just sent\. Please wait (60|59) seconds before asking for another\.$/);
    const zh = await api.post('/client/send/email', { language: 'zh', email, purpose: 'register' });
    expect(zh.body.msg).toMatch(/^验证码刚刚已发送，请 \d+ 秒后再重新获取。$/);
    // Another purpose is another code.
    expect((await api.post('/client/send/email', { email, purpose: 'reset' })).body.code).toBe(200);
    await api.mail.waitFor(email, (mail) => mail.subject.startsWith('Reset'));
    await api.db.query("update verification_code set last_sent_at = now() - interval '61 seconds' where email = $1", [
      email,
    ]);
    const second = await sendCode(api, email);
    if (second !== first) expect((await check(api, email, first)).body.msg).toBe('The verification code is wrong.');
    expect((await check(api, email, second)).body.code).toBe(200);
  });

  test('a used code cannot be used again, and answers as a wrong one (not "expired", which would tell it was used)', async () => {
    const { email } = await loggedInCustomer(api);
    const code = await sendCode(api, email, 'reset');
    const form = { email, code, password: 'new password 1', confirmPassword: 'new password 1' };
    expect((await api.post('/client/password/reset', form)).body.code).toBe(200);
    const again = await api.post('/client/password/reset', {
      ...form,
      password: 'x'.repeat(9),
      confirmPassword: 'x'.repeat(9),
    });
    expect(again.body).toMatchObject({ code: 400, msg: 'The verification code is wrong.' });
  });
});

describeApi('password reset', (api) => {
  test('ends every session of the account and sets the new password', async () => {
    const { email, username, password, headers } = await loggedInCustomer(api);
    const second = await api.post('/client/login', { account: email, password });
    const code = await sendCode(api, email, 'reset');
    const reset = await api.post('/client/password/reset', {
      language: 'zh',
      email,
      code,
      password: 'brand new secret',
      confirmPassword: 'brand new secret',
    });
    expect(reset.body).toMatchObject({ code: 200, data: null });
    expect((await api.get('/client/info', headers)).status).toBe(401);
    expect((await api.get('/client/info', { Satoken: second.body.data })).status).toBe(401);
    expect((await api.post('/client/login', { account: username, password })).body.code).toBe(400);
    expect((await api.post('/client/login', { account: username, password: 'brand new secret' })).body.code).toBe(200);
  });

  test('emails the reset code in the request language', async () => {
    const { email } = await loggedInCustomer(api);
    await api.post('/client/send/email', { language: 'zh', email, purpose: 'reset' });
    const mail = await api.mail.waitFor(email);
    expect(mail.subject).toBe('重置您的 LumenLab Instruments 密码');
    expect(mail.text).toContain(`验证码为 ${mail.code}`);
  });

  test('does not reveal whether an email is registered', async () => {
    const { email } = await loggedInCustomer(api);
    const unknown = 'nobody@example.com';
    const known = await api.post('/client/send/email', { email, purpose: 'reset' });
    const other = await api.post('/client/send/email', { email: unknown, purpose: 'reset' });
    expect(other).toEqual(known);
    // The same limits: a second request within the minute is refused for both.
    const knownAgain = await api.post('/client/send/email', { email, purpose: 'reset' });
    const otherAgain = await api.post('/client/send/email', { email: unknown, purpose: 'reset' });
    expect(otherAgain.status).toBe(429);
    expect(otherAgain.body).toEqual(knownAgain.body);
    // A reset with a guessed code answers the same.
    const form = { code: '123456', password: 'guessing game', confirmPassword: 'guessing game' };
    const knownReset = await api.post('/client/password/reset', { ...form, email });
    const otherReset = await api.post('/client/password/reset', { ...form, email: unknown });
    if (knownReset.body.msg === 'The verification code is wrong.') expect(otherReset).toEqual(knownReset);
    // Only the mailbox learns the difference: the unregistered one gets no code.
    const knownMail = await api.mail.waitFor(email);
    const otherMail = await api.mail.waitFor(unknown);
    expect(knownMail.code).toMatch(/^\d{6}$/);
    expect(otherMail.subject).toBe(knownMail.subject);
    expect(otherMail.code).toBeUndefined();
    expect(otherMail.text).toContain('no account uses it');
  });

  test('takes about as long for an unregistered email as for a registered one', async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      await api.post('/client/send/email', { email, purpose: 'reset' });
      await api.post('/client/password/reset', {
        email,
        code: '000000',
        password: 'timing attack',
        confirmPassword: 'timing attack',
      });
      return performance.now() - started;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1] ?? 0;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await timed((await loggedInCustomer(api)).email));
      unknown.push(await timed(`ghost${i}@example.com`));
    }
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(3);
  });
});
