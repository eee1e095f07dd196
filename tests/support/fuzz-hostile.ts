import { Agent, request } from 'node:http';
import fc from 'fast-check';
import type { Call } from '#api/common.ts';

// The fuzzer's hostile bodies (fuzz-inputs.ts), those that once stalled the server or made it fail:
// forms of many parts (a parse quadratic in them held every other call for minutes), text that grows
// under Unicode normalisation (a search term PostgreSQL refused), and content types a JSON call must
// refuse. Described as recipes, built right before they are sent, as a failing case prints its recipe.
// Also the body of the first finding, 150,000 empty fields, and a way to post a body that times its answer
// (request-bodies.test.ts and `npm run fuzz` send it).

/** The boundary of the fuzzer's forms. */
const FORM_BOUNDARY = 'fuzz-form-boundary';
export const FORM_TYPE = `multipart/form-data; boundary=${FORM_BOUNDARY}`;

/**
 * Characters that grow under NFKC, by 18 characters (four Arabic words, 33 bytes), 8 (15 bytes), 6, 4 (12
 * bytes of Japanese), 4, 3: the first is the worst there is.
 */
export const GROWING = ['\uFDFA', '\uFDFB', '\u33AF', '\u3300', '\u2177', '\uFB03', '\u2474'];

/** Content types a JSON call refuses; a form's is refused by all calls but the one taking a file. */
export const WRONG_TYPES = [
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'multipart/mixed; boundary=x',
  'text/json',
  'application/ld+json',
  'application/json, text/plain',
  '*/*',
  'image/png',
];

export type HostileRecipe =
  /** The call's sample as a form, with `parts` more empty fields named `name`, maybe a file, maybe cut short. */
  | { form: { parts: number; name: string; file: boolean; cut: boolean } }
  /** The call's sample with `field` set to `count` times a character that grows under normalisation. */
  | { grow: { field: string; unit: string; count: number } };

export const isHostile = (body: unknown): body is HostileRecipe =>
  typeof body === 'object' && body !== null && ('form' in body || 'grow' in body);

/** Hostile bodies for a POST call whose fields are `names`. */
export function hostileBodies(call: Call, names: string[]): fc.Arbitrary<HostileRecipe> {
  const name = fc.constantFrom(...names, 'junk', call.multipart ?? 'attachment');
  const form = fc.record({
    parts: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 0, max: 30 }) },
      { weight: 3, arbitrary: fc.integer({ min: 80, max: 120 }) },
      // Up to the inquiry's 10 MB: the 150,000 fields that held the server for 106 s.
      { weight: 1, arbitrary: fc.constantFrom(1000, 17_000, 40_000, 130_000) },
    ),
    name,
    file: fc.boolean(),
    cut: fc.boolean(),
  });
  const grow = fc.record({
    field: fc.constantFrom(...names),
    unit: fc.oneof({ weight: 3, arbitrary: fc.constant('\uFDFA') }, fc.constantFrom(...GROWING)),
    // At the fields' maximum lengths (100, 200, 5,000) most, and under and past them.
    count: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(100, 200, 5000) }, fc.constantFrom(1, 32, 1000)),
  });
  return fc.oneof(
    form.map((recipe): HostileRecipe => ({ form: recipe })),
    grow.map((recipe): HostileRecipe => ({ grow: recipe })),
  );
}

const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n';

/** The body a hostile recipe describes. */
export function renderHostile(base: Record<string, unknown>, recipe: HostileRecipe): string {
  if ('grow' in recipe) {
    const { field, unit, count } = recipe.grow;
    return JSON.stringify({ ...base, [field]: unit.repeat(count) });
  }
  const { parts, name, file, cut } = recipe.form;
  const part = (field: string, value: string, filename?: string) =>
    `--${FORM_BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"${
      filename === undefined ? '' : `; filename="${filename}"\r\nContent-Type: application/pdf`
    }\r\n\r\n${value}\r\n`;
  const fields = Object.entries(base).flatMap(([field, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) =>
      part(field, typeof item === 'string' ? item : JSON.stringify(item)),
    ),
  );
  const body = `${fields.join('')}${part(name, '').repeat(parts)}${file ? part('attachment', PDF, 'spec.pdf') : ''}--${FORM_BOUNDARY}--\r\n`;
  return cut ? body.slice(0, -10) : body;
}

/**
 * The body of issue 38's first finding: `count` empty fields, each of a name of its own (a parse that
 * looks each name up among all fields is quadratic in them), about 61 bytes a field: 150,000 of them,
 * 9.1 MB, are within the inquiry's 10 MB, 17,000 within the 1 MB of the other calls. With its content type.
 */
export function emptyFields(count: number): { type: string; body: Uint8Array<ArrayBuffer> } {
  const boundary = 'b0undary';
  const part = (i: number) => `--${boundary}\r\nContent-Disposition: form-data; name="${i.toString(36)}"\r\n\r\n\r\n`;
  const parts = Array.from({ length: count }, (_, i) => part(i));
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    body: new TextEncoder().encode(`${parts.join('')}--${boundary}--\r\n`),
  };
}

/**
 * Posts a body over HTTP and resolves once the whole answer has arrived: its status and text, or why
 * there is none. node:http rather than fetch: the server answers a body it refuses before the body has
 * all been sent, and node:http hands the answer over as it comes, where fetch first sends the whole body.
 * The connection is kept alive as a browser's is: the server then reads the rest of a body it refused
 * (or closes the connection after 500 ms), where on a connection to be closed it closes at once and the
 * unread bytes may reset it before the answer is read. Once the answer is in, the connection is dropped.
 * `chunked` sends the body in 64 KB chunks without a Content-Length.
 */
export function postBody(
  url: string,
  headers: Record<string, string>,
  body: Uint8Array,
  timeoutMs: number,
  chunked = false,
  method = 'POST',
): Promise<{ status: number | string; contentType: string | null; text: string }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise<{ status: number | string; contentType: string | null; text: string }>((resolve) => {
    const sent = request(
      url,
      {
        method,
        agent,
        headers: chunked ? headers : { ...headers, 'content-length': body.length },
        timeout: timeoutMs,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'] ?? null, text }),
        );
      },
    );
    sent.once('timeout', () => sent.destroy(new Error('timeout')));
    sent.on('error', (error: Error & { code?: string }) =>
      resolve({ status: `no answer (${error.code ?? error.message})`, contentType: null, text: '' }),
    );
    if (!chunked) sent.end(body);
    else {
      for (let at = 0; at < body.length; at += 65536) sent.write(body.subarray(at, at + 65536));
      sent.end();
    }
  }).finally(() => agent.destroy());
}
