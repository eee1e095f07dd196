import { expect, test } from 'vitest';
import { describeApi, loggedInClient } from '../testing.ts';

let addresses = 0;
/** Headers that make the request come from an address no other test uses (the app trusts the proxy). */
const from = (address = `203.0.113.${++addresses}`) => ({ 'x-forwarded-for': address });

describeApi(
  'rate limits',
  (api) => {
    test('refuses the 11th login to an account after 10 failures, even with the right password', async () => {
      const { username, email, password } = await loggedInClient(api, { headers: from() });
      for (let i = 0; i < 10; i++) {
        const failed = await api.post('/client/login', { account: username, password: 'wrong password' }, from());
        expect(failed.body.code).toBe(400);
      }
      const eleventh = await api.post('/client/login', { account: username, password }, from());
      expect(eleventh.status).toBe(429);
      expect(eleventh.body).toEqual({
        code: 429,
        msg: 'Too many failed login attempts. Please try again in 15 minutes.',
        data: null,
      });
      const zh = await api.post('/client/login', { language: 'zh', account: username, password }, from());
      expect(zh.body.msg).toBe('登录失败次数过多，请 15 分钟后再试。');
      // The limit is per account, whatever it is called by.
      expect((await api.post('/client/login', { account: email, password }, from())).status).toBe(429);
    });

    test('lets the account in again once the 15 minutes have passed', async () => {
      const { username, password, client } = await loggedInClient(api, { headers: from() });
      for (let i = 0; i < 10; i++)
        await api.post('/client/login', { account: username, password: 'nope nope' }, from());
      expect((await api.post('/client/login', { account: username, password }, from())).status).toBe(429);
      await api.db.query("update rate_limit set window_start = now() - interval '16 minutes' where key = $1", [
        `login:account:id:${client.id}`,
      ]);
      expect((await api.post('/client/login', { account: username, password }, from())).body.code).toBe(200);
    });

    test('refuses logins from an address after 10 failures there, whichever accounts they named', async () => {
      const address = from();
      for (let i = 0; i < 10; i++) {
        await api.post('/client/login', { account: `guess${i}`, password: 'password123' }, address);
      }
      const { username, password } = await loggedInClient(api, { headers: from() });
      const blocked = await api.post('/client/login', { account: username, password }, address);
      expect(blocked.status).toBe(429);
      expect((await api.post('/client/login', { account: username, password }, from())).body.code).toBe(200);
    });

    test('limits code emails to 20 an hour per address', async () => {
      const address = from();
      for (let i = 0; i < 20; i++) {
        const sent = await api.post(
          '/client/send/email',
          { email: `many${i}@example.com`, purpose: 'register' },
          address,
        );
        expect(sent.body.code).toBe(200);
      }
      const refused = await api.post(
        '/client/send/email',
        { email: 'many20@example.com', purpose: 'register' },
        address,
      );
      expect(refused.status).toBe(429);
      expect(refused.body.msg).toBe('Too many requests. Please try again in 60 minutes.');
      const zh = await api.post(
        '/client/send/email',
        { language: 'zh', email: 'many20@example.com', purpose: 'register' },
        address,
      );
      expect(zh.body.msg).toBe('请求过于频繁，请 60 分钟后再试。');
    });

    test('limits code emails to 10 an hour per email address', async () => {
      const email = 'often@example.com';
      for (let i = 0; i < 10; i++) {
        expect((await api.post('/client/send/email', { email, purpose: 'register' }, from())).body.code).toBe(200);
        await api.db.query(
          "update verification_code set last_sent_at = now() - interval '2 minutes' where email = $1",
          [email],
        );
      }
      const refused = await api.post('/client/send/email', { email, purpose: 'register' }, from());
      expect(refused.status).toBe(429);
      expect(refused.body.msg).toBe('Too many requests. Please try again in 60 minutes.');
    });

    test('refuses code checks from an address after 30 wrong codes, even the right code', async () => {
      const sender = from();
      const guesser = from();
      const codes = new Map<string, string>();
      for (let i = 0; i < 7; i++) {
        const email = `guessed${i}@example.com`;
        await api.post('/client/send/email', { email, purpose: 'register' }, sender);
        codes.set(email, (await api.mail.waitFor(email)).code ?? '');
      }
      let wrong = 0;
      for (const [email, code] of codes) {
        for (let i = 0; i < 5 && wrong < 30; i++, wrong++) {
          const guess = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
          const answer = await api.post('/client/check/code', { email, code: guess, purpose: 'register' }, guesser);
          expect(answer.status).toBe(400);
        }
      }
      const [email, code] = [...codes].at(-1) ?? ['', ''];
      const blocked = await api.post('/client/check/code', { email, code, purpose: 'register' }, guesser);
      expect(blocked.status).toBe(429);
      expect((await api.post('/client/check/code', { email, code, purpose: 'register' }, from())).body.code).toBe(200);
    });

    test('keeps its counters in PostgreSQL, where every API process sees them', async () => {
      const address = from();
      await api.post('/client/login', { account: 'someone', password: 'password123' }, address);
      const rows = await api.db.query<{ key: string; count: number }>(
        'select key, count from rate_limit where key = $1',
        [`login:address:${address['x-forwarded-for']}`],
      );
      expect(rows).toEqual([{ key: `login:address:${address['x-forwarded-for']}`, count: 1 }]);
    });
  },
  { trustProxy: true },
);
