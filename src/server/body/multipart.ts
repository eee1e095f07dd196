// A streaming multipart/form-data parser (RFC 7578, as browsers write it: the HTML standard's encoding
// of names), in time linear in the body: each chunk is searched once for the delimiter, from where the
// last search stopped, and a part's bytes are joined once when it ends. The limits are checked as the
// bytes arrive, so a body of 150,000 parts is refused at its 101st, before the rest is read
// (decision 0062).

const CR = 0x0d;
const LF = 0x0a;
const DASH = 0x2d;
const HEADER_END = Buffer.from('\r\n\r\n');
const EMPTY = Buffer.alloc(0);

/** What a body may hold; past a limit the parser stops with a MultipartError. */
export interface MultipartLimits {
  /** Parts in all, fields and files. */
  parts: number;
  /** Bytes of one field's value (a part without a file name). */
  fieldBytes: number;
  /** Bytes of one file. */
  fileBytes: number;
  /** Bytes of one part's headers. */
  headerBytes: number;
  /** The one field that may carry a file, once; a file under another name is refused. */
  fileField: string | undefined;
}

/** Why a body was refused: not multipart as RFC 7578 writes it, or past one of the limits. */
export type MultipartProblem = 'malformed' | 'tooManyParts' | 'fieldTooLong' | 'fileTooLarge' | 'unexpectedFile';

export class MultipartError extends Error {
  readonly problem: MultipartProblem;
  constructor(problem: MultipartProblem, detail: string) {
    super(detail);
    this.name = 'MultipartError';
    this.problem = problem;
  }
}

/** One part of the body: a field (no file name) or a file (a file name, maybe empty). */
export interface FormPart {
  name: string;
  /** The file name sent, for a file; undefined for a field. */
  filename: string | undefined;
  /** The part's Content-Type, '' when it has none. */
  type: string;
  bytes: Uint8Array;
}

/** RFC 2046's boundary: 1 to 70 of these characters, not ending with a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/** The boundary of a `multipart/form-data` Content-Type, quoted or not; undefined when it has none or a bad one. */
export function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^\s;]*))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  return boundary !== undefined && BOUNDARY.test(boundary) ? boundary : undefined;
}

const utf8 = new TextDecoder();

/** A header's token characters (RFC 9110), `*` included for the extended parameters `name*` and `filename*`. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]$/;

/** A value of Content-Disposition: `"quoted"` as the HTML standard escapes it, a token, or RFC 5987's `utf-8''…`. */
function parameterValue(raw: string, quoted: boolean, extended: boolean): string {
  if (extended) {
    const encoded = /^utf-8'[^']*'(.*)$/i.exec(raw)?.[1];
    if (encoded === undefined) throw new MultipartError('malformed', 'an extended parameter not in UTF-8');
    try {
      return decodeURIComponent(encoded);
    } catch {
      throw new MultipartError('malformed', 'an extended parameter badly percent-encoded');
    }
  }
  // Browsers write a quote and line breaks in a name as %22, %0D, %0A, and nothing else.
  return quoted ? raw.replace(/%0A/gi, '\n').replace(/%0D/gi, '\r').replace(/%22/g, '"') : raw;
}

/** The name and file name of a `Content-Disposition: form-data; name="…"; filename="…"` header. */
function disposition(value: string): { name: string; filename: string | undefined } {
  let at = 0;
  const skipSpace = () => {
    while (value[at] === ' ' || value[at] === '\t') at++;
  };
  const token = () => {
    const start = at;
    while (at < value.length && TOKEN.test(value[at] as string)) at++;
    return value.slice(start, at).toLowerCase();
  };
  if (token() !== 'form-data') throw new MultipartError('malformed', 'a part that is not form-data');
  const parameters = new Map<string, string>();
  for (;;) {
    skipSpace();
    if (at >= value.length) break;
    if (value[at] !== ';') throw new MultipartError('malformed', 'Content-Disposition unreadable');
    at++;
    skipSpace();
    if (at >= value.length) break;
    const key = token();
    skipSpace();
    if (key === '' || value[at] !== '=') throw new MultipartError('malformed', 'Content-Disposition unreadable');
    at++;
    skipSpace();
    let raw: string;
    const quoted = value[at] === '"';
    if (quoted) {
      const end = value.indexOf('"', at + 1);
      if (end < 0) throw new MultipartError('malformed', 'an unclosed quote in Content-Disposition');
      raw = value.slice(at + 1, end);
      at = end + 1;
    } else {
      const start = at;
      while (at < value.length && value[at] !== ';' && value[at] !== ' ' && value[at] !== '\t') at++;
      raw = value.slice(start, at);
    }
    if (parameters.has(key)) throw new MultipartError('malformed', `${key} given twice`);
    parameters.set(key, parameterValue(raw, quoted, key.endsWith('*')));
  }
  const name = parameters.get('name*') ?? parameters.get('name');
  if (name === undefined) throw new MultipartError('malformed', 'a part without a name');
  return { name, filename: parameters.get('filename*') ?? parameters.get('filename') };
}

type State = 'preamble' | 'delimiter' | 'headers' | 'body' | 'done';

/**
 * The parser: push() each chunk as it arrives, end() when the body ends. Only the bytes that may begin a
 * delimiter split by a chunk's end are carried over to the next chunk, so no byte is searched twice
 * but for those few.
 */
export class MultipartParser {
  private readonly delimiter: Buffer;
  private readonly limits: MultipartLimits;
  private state: State = 'preamble';
  /** The bytes of the last chunk not yet read: a possible start of a delimiter or a header block's end. */
  private carry: Buffer;
  /** The current part's headers or value, in pieces joined once it ends. */
  private pieces: Buffer[] = [];
  private size = 0;
  private part: Omit<FormPart, 'bytes'> | undefined;
  private files = 0;
  readonly parts: FormPart[] = [];

  constructor(boundary: string, limits: MultipartLimits) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
    this.limits = limits;
    // The first delimiter may open the body: read as if a line break came before it.
    this.carry = Buffer.from('\r\n');
  }

  /** Reads a chunk; true once the closing delimiter is read (the rest, the epilogue, is not looked at). */
  push(chunk: Uint8Array): boolean {
    const buffer =
      this.carry.length > 0
        ? Buffer.concat([this.carry, chunk])
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.carry = EMPTY;
    let at = 0;
    for (;;) {
      if (this.state === 'done') return true;
      if (this.state === 'preamble' || this.state === 'body') {
        const found = buffer.indexOf(this.delimiter, at);
        if (found === -1) {
          const keep = Math.max(at, buffer.length - this.delimiter.length + 1);
          if (this.state === 'body') this.take(buffer.subarray(at, keep));
          this.carry = Buffer.from(buffer.subarray(keep));
          return false;
        }
        if (this.state === 'body') {
          this.take(buffer.subarray(at, found));
          this.endPart();
        }
        at = found + this.delimiter.length;
        this.state = 'delimiter';
      } else if (this.state === 'delimiter') {
        if (buffer.length - at < 2) {
          this.carry = Buffer.from(buffer.subarray(at));
          return false;
        }
        if (buffer[at] === DASH && buffer[at + 1] === DASH) {
          this.state = 'done';
          continue;
        }
        if (buffer[at] !== CR || buffer[at + 1] !== LF)
          throw new MultipartError('malformed', 'a boundary followed by neither a line break nor --');
        if (this.parts.length + 1 > this.limits.parts)
          throw new MultipartError('tooManyParts', `more than ${this.limits.parts} parts`);
        // The line break stays: the header block is read as CRLF headers CRLF CRLF, so an empty one is seen.
        this.state = 'headers';
      } else {
        const found = buffer.indexOf(HEADER_END, at);
        if (found === -1) {
          const keep = Math.max(at, buffer.length - HEADER_END.length + 1);
          this.takeHeaders(buffer.subarray(at, keep));
          this.carry = Buffer.from(buffer.subarray(keep));
          return false;
        }
        this.takeHeaders(buffer.subarray(at, found));
        this.startPart();
        at = found + HEADER_END.length;
        this.state = 'body';
      }
    }
  }

  /** The parts, once the body has ended; a body that ends before its closing delimiter is malformed. */
  end(): FormPart[] {
    if (this.state !== 'done') throw new MultipartError('malformed', 'the body ends before its closing boundary');
    return this.parts;
  }

  private takeHeaders(bytes: Buffer): void {
    this.size += bytes.length;
    if (this.size > this.limits.headerBytes + 2)
      throw new MultipartError('malformed', `a part's headers over ${this.limits.headerBytes} bytes`);
    if (bytes.length > 0) this.pieces.push(bytes);
  }

  private take(bytes: Buffer): void {
    this.size += bytes.length;
    if (this.part?.filename === undefined) {
      if (this.size > this.limits.fieldBytes)
        throw new MultipartError('fieldTooLong', `a field over ${this.limits.fieldBytes} bytes`);
    } else if (this.size > this.limits.fileBytes)
      throw new MultipartError('fileTooLarge', `a file over ${this.limits.fileBytes} bytes`);
    if (bytes.length > 0) this.pieces.push(bytes);
  }

  /** Reads the header block just taken (CRLF, then header lines): the part's name, file name and type. */
  private startPart(): void {
    const block = utf8.decode(Buffer.concat(this.pieces, this.size)).slice(2);
    this.pieces = [];
    this.size = 0;
    let named: ReturnType<typeof disposition> | undefined;
    let type = '';
    for (const line of block === '' ? [] : block.split('\r\n')) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      if (colon < 1 || !/^[!#$%&'*+\-.^_`|~0-9a-z]+$/.test(name))
        throw new MultipartError('malformed', 'a part header unreadable');
      const value = line.slice(colon + 1).trim();
      if (name === 'content-disposition') named = disposition(value);
      else if (name === 'content-type') type = value;
    }
    if (!named) throw new MultipartError('malformed', 'a part without Content-Disposition');
    if (named.filename !== undefined) {
      this.files++;
      if (named.name !== this.limits.fileField || this.files > 1)
        throw new MultipartError('unexpectedFile', `a file in ${named.name}`);
    }
    this.part = { ...named, type };
  }

  private endPart(): void {
    const part = this.part;
    if (!part) throw new Error('a part ended that never started');
    this.parts.push({ ...part, bytes: Buffer.concat(this.pieces, this.size) });
    this.pieces = [];
    this.size = 0;
    this.part = undefined;
  }
}

/**
 * Reads a multipart body as it streams in, one chunk at a time (other requests are served between
 * chunks), and stops at the closing delimiter or the first limit passed, leaving the rest unread.
 */
export async function readMultipart(
  body: ReadableStream<Uint8Array> | null,
  boundary: string,
  limits: MultipartLimits,
): Promise<FormPart[]> {
  const parser = new MultipartParser(boundary, limits);
  if (!body) return parser.end();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || parser.push(value)) break;
    }
  } finally {
    // The rest is left unread, not cancelled: the Node adapter drains it after the answer, so the
    // connection lives to carry the answer (cancelling would close it first).
    reader.releaseLock();
  }
  return parser.end();
}
