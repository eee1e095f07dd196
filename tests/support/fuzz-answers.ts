// What every answer to the fuzzer's requests must be, whatever the request (fuzz-inputs.ts): the
// envelope, a code a client can act on, and a message that leaks nothing.

const ANSWER_CODES = [200, 400, 401, 404, 409, 413, 429];
/** What an error message must never show: a stack, a source path, the database's own words. */
const LEAKS = [
  /\n\s+at\s/,
  /\bat \S+ \(|\bat \S+:\d+:\d+/,
  /(?:node_modules|\/src\/|\/work\/|file:\/\/)/,
  /\.(?:ts|js|mjs|cjs):\d+/,
  /\b(?:TypeError|RangeError|SyntaxError|ReferenceError|DatabaseError)\b/,
  /syntax error at|violates|relation "|column "|invalid input syntax|invalid byte sequence|out of range|duplicate key/i,
  /\b(?:PGlite|postgres|SQLSTATE|pg_)/i,
];

/** The answer's envelope as parsed, or undefined when it is not JSON. */
export type Envelope = { code: number; msg: string; data: unknown };

/**
 * What is wrong with an answer, whatever the request: it must be JSON `{code, msg, data}` with code =
 * HTTP status, a code a client can act on, and a short plain message that leaks nothing. [] when all holds.
 */
export function envelopeProblems(
  status: number,
  contentType: string | null,
  text: string,
): { body: Envelope | undefined; problems: string[] } {
  const problems: string[] = [];
  if (!/^application\/json\b/.test(contentType ?? '')) problems.push(`content type ${contentType}`);
  let body: Envelope | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    problems.push(`not JSON: ${text.slice(0, 100)}`);
    return { body: undefined, problems };
  }
  if (body === null || typeof body !== 'object') return { body: undefined, problems: [...problems, 'not an object'] };
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'code,data,msg') problems.push(`keys ${keys}`);
  if (body.code !== status) problems.push(`code ${body.code} but status ${status}`);
  if (!ANSWER_CODES.includes(body.code)) problems.push(`code ${body.code}`);
  if (typeof body.msg !== 'string' || body.msg.trim() === '' || body.msg.length > 300)
    problems.push(`message ${JSON.stringify(body.msg)?.slice(0, 100)}`);
  else for (const leak of LEAKS) if (leak.test(body.msg)) problems.push(`message leaks ${leak}: ${body.msg}`);
  return { body, problems };
}
