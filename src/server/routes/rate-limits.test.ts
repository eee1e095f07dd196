import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterEach, expect, test } from 'vitest';
import { describeApi, loggedInCustomer } from '#tests/support/testing.ts';
import { PASSWORD_WORK_CHANNEL } from '../auth/password.ts';
import { LIMITS } from '../auth/rate-limit.ts';

let addresses = 0;
/** Headers that make the request come from an address no other test uses (the app trusts the proxy). */
const from = (address = `203.0.113.${++addresses}`) => ({ 'x-forwarded-for': address });

/** How many answers had each status. */
const byStatus = (answers: { status: number }[]) =>
  answers.reduce<Record<number, number>>((counts, { status }) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

const wrongCode = (code: string, step = 1) => String((Number(code) + step) % 1_000_000).padStart(6, '0');

/** Counts the password hashes and verifications (key derivations) from now until stop(), which answers the count. */
function countPasswordWork() {
  let runs = 0;
  const onWork = () => {
    runs++;
  };
  subscribe(PASSWORD_WORK_CHANNEL, onWork);
  return {
    stop() {
      unsubscribe(PASSWORD_WORK_CHANNEL, onWork);
      return runs;
    },
  };
}

let stopCounting: (() => number) | undefined;
afterEach(() => {
  stopCounting?.();
  stopCounting = undefined;
});

describeApi(
  'rate limits',
  (api) => {
    test('refuses a 6th login to an account from one address after 5 failures there, even with the right password', async () => {
      const { username, email, password } = await loggedInCustomer(api, { headers: from() });
      const address = from();
      for (let i = 0; i < 5; i++) {
        const failed = await api.post('/client/login', { account: username, password: 'wrong password' }, address);
        expect(failed.body.code).toBe(400);
      }
      const sixth = await api.post('/client/login', { account: username, password }, address);
      expect(sixth.status).toBe(429);
      expect(sixth.body).toEqual({
        code: 429,
        msg: 'Too many failed login attempts. Please try again in 15 minutes.',
        data: null,
      });
      const zh = await api.post('/client/login', { language: 'zh', account: username, password }, address);
      expect(zh.body.msg).toBe('登录失败次数过多，请 15 分钟后再试。');
      // The limit is per account, whatever it is called by.
      expect((await api.post('/client/login', { account: email, password }, address)).status).toBe(429);
    });

    test('lets the owner log in from another address after ten wrong passwords from one address', async () => {
      const { username, password } = await loggedInCustomer(api, { headers: from() });
      const stranger = from();
      for (let i = 0; i < 10; i++) {
        await api.post('/client/login', { account: username, password: `guess number ${i}` }, stranger);
      }
      const owner = await api.post('/client/login', { account: username, password }, from());
      expect(owner.body.code).toBe(200);
    });

    test('slows an account down after 20 failures from anywhere, one try per 15 seconds, rather than blocking it', async () => {
      const { username, password } = await loggedInCustomer(api, { headers: from() });
      for (let stranger = 0; stranger < 4; stranger++) {
        const address = from();
        for (let i = 0; i < 5; i++) {
          const failed = await api.post('/client/login', { account: username, password: 'guessing' }, address);
          expect(failed.status).toBe(400);
        }
      }
      const owner = from();
      const slowed = await api.post('/client/login', { account: username, password }, owner);
      expect(slowed.status).toBe(429);
      expect(slowed.body.msg).toMatch(/^Too many failed logins to this account\. Please try again in 1[45] seconds\.$/);
      const zh = await api.post('/client/login', { language: 'zh', account: username, password }, owner);
      expect(zh.body.msg).toMatch(/^该账号登录失败次数过多，请 1[45] 秒后再试。$/);
      // Refused tries take no turn: once 15 seconds have passed since the last admitted one, the owner gets in.
      await api.db.query(
        "update rate_limit set last_at = now() - interval '16 seconds' where key like 'login:account:%'",
      );
      expect((await api.post('/client/login', { account: username, password }, owner)).body.code).toBe(200);
    });

    test('answers 60 parallel wrong logins for one account with at most the limit of 400s, the rest 429', async () => {
      const { username } = await loggedInCustomer(api, { headers: from() });
      const address = from();
      const answers = await Promise.all(
        Array.from({ length: 60 }, () =>
          api.post('/client/login', { account: username, password: 'wrong password' }, address),
        ),
      );
      expect(byStatus(answers)).toEqual({
        400: LIMITS.loginPerAccountAddress.max,
        429: 60 - LIMITS.loginPerAccountAddress.max,
      });
    });

    test('checks the password only for the logins the limits let through', async () => {
      const { username } = await loggedInCustomer(api, { headers: from() });
      const address = from();
      const work = countPasswordWork();
      stopCounting = work.stop;
      await Promise.all(
        Array.from({ length: 60 }, () =>
          api.post('/client/login', { account: username, password: 'wrong password' }, address),
        ),
      );
      expect(work.stop()).toBe(LIMITS.loginPerAccountAddress.max);
    });

    test('lets the account in again once the 15 minutes have passed', async () => {
      const { username, password, customer } = await loggedInCustomer(api, { headers: from() });
      const address = from();
      for (let i = 0; i < 5; i++)
        await api.post('/client/login', { account: username, password: 'nope nope' }, address);
      expect((await api.post('/client/login', { account: username, password }, address)).status).toBe(429);
      await api.db.query("update rate_limit set window_start = now() - interval '16 minutes' where key = $1", [
        `login:account-address:id:${customer.id}@${address['x-forwarded-for']}`,
      ]);
      expect((await api.post('/client/login', { account: username, password }, address)).body.code).toBe(200);
    });

    test('refuses logins from an address after 30 failures there, whichever accounts they named', async () => {
      const address = from();
      for (let i = 0; i < 30; i++) {
        await api.post('/client/login', { account: `guess${i}`, password: 'password123' }, address);
      }
      const { username, password } = await loggedInCustomer(api, { headers: from() });
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

    test('answers 60 parallel code emails from one address with at most 20 sent, the rest 429', async () => {
      const address = from();
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          api.post('/client/send/email', { email: `burst${i}@example.com`, purpose: 'register' }, address),
        ),
      );
      expect(byStatus(answers)).toEqual({
        200: LIMITS.codeSendPerAddress.max,
        429: 60 - LIMITS.codeSendPerAddress.max,
      });
    });

    test('limits code emails to 10 an hour per email address, and a resend asked too soon spends none of them', async () => {
      const email = 'often@example.com';
      expect((await api.post('/client/send/email', { email, purpose: 'register' }, from())).body.code).toBe(200);
      expect((await api.post('/client/send/email', { email, purpose: 'register' }, from())).status).toBe(429);
      for (let i = 1; i < 10; i++) {
        await api.db.query(
          "update verification_code set last_sent_at = now() - interval '2 minutes' where email = $1",
          [email],
        );
        expect((await api.post('/client/send/email', { email, purpose: 'register' }, from())).body.code).toBe(200);
      }
      await api.db.query("update verification_code set last_sent_at = now() - interval '2 minutes' where email = $1", [
        email,
      ]);
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
          const guess = wrongCode(code, 1 + i);
          const answer = await api.post('/client/check/code', { email, code: guess, purpose: 'register' }, guesser);
          expect(answer.status).toBe(400);
        }
      }
      const [email, code] = [...codes].at(-1) ?? ['', ''];
      const blocked = await api.post('/client/check/code', { email, code, purpose: 'register' }, guesser);
      expect(blocked.status).toBe(429);
      expect((await api.post('/client/check/code', { email, code, purpose: 'register' }, from())).body.code).toBe(200);
    });

    test('answers 60 parallel wrong codes from one address with at most 30 400s, the rest 429', async () => {
      const sender = from();
      const codes: [string, string][] = [];
      for (let i = 0; i < 12; i++) {
        const email = `parallel${i}@example.com`;
        await api.post('/client/send/email', { email, purpose: 'register' }, sender);
        codes.push([email, (await api.mail.waitFor(email)).code ?? '']);
      }
      const guesser = from();
      const answers = await Promise.all(
        codes.flatMap(([email, code]) =>
          Array.from({ length: 5 }, (_, i) =>
            api.post('/client/check/code', { email, code: wrongCode(code, 1 + i), purpose: 'register' }, guesser),
          ),
        ),
      );
      expect(byStatus(answers)).toEqual({
        400: LIMITS.wrongCodePerAddress.max,
        429: 60 - LIMITS.wrongCodePerAddress.max,
      });
    });

    test('hashes no password for a flood of registrations and resets with wrong codes', async () => {
      const { email } = await loggedInCustomer(api, { headers: from() });
      const address = from();
      const password = 'a fine password';
      const work = countPasswordWork();
      stopCounting = work.stop;
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          i % 2
            ? api.post(
                '/client/password/reset',
                { email, code: '000000', password, confirmPassword: password },
                address,
              )
            : api.post(
                '/client/register',
                {
                  username: `flood${i}`,
                  name: 'Flood',
                  email: `flood${i}@example.com`,
                  password,
                  confirmPassword: password,
                  contactNumber: '+65 6000 0000',
                  code: '000000',
                  agree: true,
                },
                address,
              ),
        ),
      );
      expect(byStatus(answers)).toEqual({ 400: 30, 429: 10 });
      expect(work.stop()).toBe(0);
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
  { behindProxy: true },
);
