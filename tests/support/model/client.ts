import * as v from 'valibot';
import type { Call, DataOf } from '#api/common.ts';
import { fromAddress } from './client-address.ts';

/** An answer of the API: its HTTP status and envelope; `data` is checked against the call's contract when code is 200. */
export interface Answer<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

/** A request that got no answer the rules allow: not the envelope, a code other than its status, data off the contract. */
class BadAnswer extends Error {}

/** How long one call may take before the run fails (a stalled server is a finding too). */
const TIMEOUT_MS = 20_000;

/**
 * One customer's browser as far as the API can tell: calls of the contract over HTTP from one client
 * address, JSON bodies sent as application/json, the session token in Satoken.
 */
export class CustomerClient {
  readonly base: string;
  readonly address: string;

  constructor(base: string, address: string) {
    this.base = base;
    this.address = address;
  }

  /**
   * Sends `input` (which may be bad on purpose) to a call of the contract, with `token` as Satoken when
   * given. A GET carries the input as its query.
   */
  async call<C extends Call>(call: C, input: Record<string, unknown>, token?: string): Promise<Answer<DataOf<C>>> {
    const headers: Record<string, string> = { ...fromAddress(this.address) };
    if (token !== undefined) headers.Satoken = token;
    let url = `${this.base}${call.path}`;
    const init: RequestInit = { method: call.method, headers, signal: AbortSignal.timeout(TIMEOUT_MS) };
    if (call.method === 'GET') {
      const query = new URLSearchParams(Object.entries(input).map(([key, value]) => [key, String(value)]));
      if (query.size > 0) url += `?${query}`;
    } else {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(input);
    }
    const response = await fetch(url, init);
    const text = await response.text();
    const where = `${call.method} ${call.path} ${init.body ?? ''}`.trim();
    let body: { code?: unknown; msg?: unknown; data?: unknown };
    try {
      body = JSON.parse(text);
    } catch {
      throw new BadAnswer(`${where} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`);
    }
    if (body.code !== response.status || typeof body.msg !== 'string')
      throw new BadAnswer(`${where} answered HTTP ${response.status} with the envelope ${text.slice(0, 300)}`);
    if (body.code === 200) {
      const parsed = v.safeParse(call.response, body.data);
      if (!parsed.success)
        throw new BadAnswer(
          `${where} answered data off the contract (${v.summarize(parsed.issues).replace(/\n/g, '; ')}): ${text.slice(0, 300)}`,
        );
    } else if (body.data !== null) {
      throw new BadAnswer(`${where} answered ${response.status} with data: ${text.slice(0, 300)}`);
    }
    return { status: response.status, code: body.code, msg: body.msg, data: body.data as DataOf<C> };
  }
}
