import fc from 'fast-check';
import * as v from 'valibot';
import { beforeAll, expect, test } from 'vitest';
import type { Call } from '#api/common.ts';
import { calls } from '#api/index.ts';
import { envelopeProblems } from '#tests/support/fuzz-answers.ts';
import { GROWING } from '#tests/support/fuzz-hostile.ts';
import {
  bodyLimitOf,
  type FuzzTokens,
  isForm,
  type Probe,
  probes,
  requestFor,
  sendsJson,
  tokenFor,
} from '#tests/support/fuzz-inputs.ts';
import { utf8 } from '#tests/support/fuzz-junk.ts';
import { fieldsOf, sampleOf } from '#tests/support/fuzz-samples.ts';
import { describeApi, loggedInCustomer } from '#tests/support/testing.ts';
import { createSession, revokeSession } from './auth/session.ts';
import { sha256 } from './auth/token.ts';
import { authedCalls, builderCalls } from './router.ts';

// Malformed input to every call of the contract (the generator is fuzz-inputs.ts, which `npm run fuzz`
// sends to a server process too). Whatever comes in, the answer is an envelope whose code is one a
// client can act on (never 500), and the server keeps answering.

/** Generated requests per call and database kind: 38 calls make about 2,300 (FUZZ_RUNS=400 for a longer hunt). */
const RUNS_PER_CALL = Number(process.env.FUZZ_RUNS ?? 60);

describeApi(
  'malformed input to every call',
  (api) => {
    let login: Awaited<ReturnType<typeof loggedInCustomer>>;
    /** The customer's tokens; the one for logout is renewed whenever a logout ends it. */
    const tokens: FuzzTokens = { customer: '', logout: '', revoked: '' };
    const counts = { sent: 0, accepted: 0 };

    beforeAll(async () => {
      login = await loggedInCustomer(api);
      tokens.customer = login.token;
      tokens.logout = await createSession(api.db, login.customer.id, 1);
      tokens.revoked = await createSession(api.db, login.customer.id, 1);
      await revokeSession(api.db, sha256(tokens.revoked));
    });

    /** The answer's envelope, checked for what holds whatever the request: JSON, code = status, a short plain message. */
    async function envelope(response: Response): Promise<{ code: number; msg: string; data: unknown }> {
      counts.sent++;
      const { body, problems } = envelopeProblems(
        response.status,
        response.headers.get('content-type'),
        await response.text(),
      );
      expect(problems).toEqual([]);
      if (!body) throw new Error('no envelope');
      return body;
    }

    /** Sends a probe and checks the answer against everything that holds whatever the input. */
    async function send(call: Call, probe: Probe): Promise<number> {
      const { path, init, rendered, bytes } = requestFor(call, probe, tokenFor(call, probe.auth, tokens));
      let timer: NodeJS.Timeout | undefined;
      const response = await Promise.race([
        api.request(path, init),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no answer within 10 s')), 10_000);
        }),
      ]).finally(() => clearTimeout(timer));
      const body = await envelope(response);
      // Over the limit is 413 when the length is declared, whatever else is wrong, and when the body is
      // read; a streamed body refused unread (a wrong method or type) is 404 or 400. At or under the limit
      // only a form's parts or fields can be 413.
      const read =
        probe.method === call.method && (sendsJson(probe) || (isForm(probe) && call.multipart !== undefined));
      // The builders' feed checks its caller's credential before reading a streamed body: 401 unread.
      const readFirst = read && !builderCalls.has(call);
      if (bytes > bodyLimitOf(call) && (probe.declareLength || readFirst)) expect(body.code).toBe(413);
      else if (bytes > bodyLimitOf(call)) expect([400, 401, 404, 413]).toContain(body.code);
      else if (body.code === 413) expect(isForm(probe) && call.multipart !== undefined).toBe(true);
      if (body.code !== 200) {
        expect(body.data).toBeNull();
        return body.code;
      }
      counts.accepted++;
      // An answer of 200 only for input the contract accepts, and with data the contract describes.
      expect(probe.method).toBe(call.method);
      expect(probe.auth === 'customer' || !authedCalls.has(call)).toBe(true);
      // A POST only as JSON, or as a form to the call that takes a file.
      if (call.method === 'POST')
        expect(sendsJson(probe) || (isForm(probe) && call.multipart !== undefined)).toBe(true);
      if (call.method === 'POST' && !isForm(probe)) {
        // Decoded as the server does (TextDecoder drops a byte order mark).
        const source = new TextDecoder().decode(typeof rendered === 'string' ? utf8.encode(rendered) : rendered);
        const input = source.trim() === '' ? {} : JSON.parse(source);
        expect(v.safeParse(call.request, input).success).toBe(true);
      }
      expect(v.safeParse(call.response, body.data).issues).toBeUndefined();
      if (call.path === '/client/logout' && probe.auth === 'customer')
        tokens.logout = await createSession(api.db, login.customer.id, 1);
      return body.code;
    }

    test('starts from a valid sample of every call', () => {
      for (const call of calls) expect(v.safeParse(call.request, sampleOf(call)).issues, call.path).toBeUndefined();
    });

    test.each(calls.map((call) => [`${call.method} ${call.path}`, call] as const))(
      'answers %s with an envelope and a code a client can act on',
      async (_, call) => {
        await fc.assert(
          fc.asyncProperty(probes(call), async (probe) => {
            const code = await send(call, probe);
            // A call that needs a session never runs without a live one, and never refuses one.
            if (probe.method === call.method && authedCalls.has(call)) {
              if (probe.auth === 'customer') expect(code).not.toBe(401);
              else expect([400, 401, 413]).toContain(code);
            }
          }),
          { numRuns: RUNS_PER_CALL },
        );
      },
    );

    test('answers the hostile bodies of every call: text that grows under normalisation in each field, forms of many parts', async () => {
      const probe = (call: Call, body: Probe['body']): Probe => ({
        method: call.method,
        query: '',
        body,
        auth: 'customer',
        contentType: 'application/json',
        declareLength: true,
        forwardedFor: '192.0.2.1',
        acceptLanguage: undefined,
      });
      for (const call of calls.filter((c) => c.method === 'POST')) {
        for (const field of Object.keys(fieldsOf(call)))
          for (const count of [100, 200])
            await send(call, probe(call, { grow: { field, unit: GROWING[0] as string, count } }));
        const parts = call.multipart ? [101, 14_000, 130_000] : [101, 14_000];
        for (const many of parts) {
          const code = await send(call, probe(call, { form: { parts: many, name: 'f', file: false, cut: false } }));
          // The builders' feed refuses a caller without a builder's credential before its body is read.
          expect(code).toBe(builderCalls.has(call) ? 401 : call.multipart ? 413 : 400);
        }
      }
    });

    test('answers malformed requests to every call arriving all at once', async () => {
      const burst = fc.sample(
        fc.constantFrom(...calls).chain((call) => probes(call).map((probe) => [call, probe] as const)),
        { numRuns: 200 },
      );
      for (let i = 0; i < burst.length; i += 50)
        await Promise.all(burst.slice(i, i + 50).map(([call, probe]) => send(call, probe)));
    });

    test('answers calls that do not exist with 404 in the envelope', async () => {
      const near = fc.tuple(
        fc.constantFrom(...calls.map((call) => call.path)),
        fc.constantFrom(
          (path: string) => `${path}/`,
          (path: string) => path.toUpperCase(),
          (path: string) => `${path}/x`,
          (path: string) => `${path}%00`,
          (path: string) => `${path};`,
          (path: string) => path.replace('/', '//'),
        ),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
      );
      await fc.assert(
        fc.asyncProperty(near, async ([path, mutate, method]) => {
          const response = await api.request(mutate(path), {
            method,
            ...(method === 'GET' ? {} : { body: '{}', headers: { 'content-type': 'application/json' } }),
          });
          expect(await envelope(response)).toMatchObject({ code: 404, data: null });
        }),
        { numRuns: 100 },
      );
    });

    test('keeps answering a normal call after all of it, having rejected most', async () => {
      expect((await api.post('/category/list', { language: 'zh' })).body.code).toBe(200);
      expect((await api.post('/shop/cart/page', {}, login.headers)).body.code).toBe(200);
      expect(counts.sent).toBeGreaterThanOrEqual(2000);
      expect(counts.accepted / counts.sent).toBeLessThan(0.25);
    });
  },
  { behindProxy: true },
);
