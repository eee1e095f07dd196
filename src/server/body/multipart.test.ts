import { describe, expect, test, vi } from 'vitest';
import {
  boundaryOf,
  type FormPart,
  MultipartError,
  type MultipartLimits,
  MultipartParser,
  readMultipart,
} from './multipart.ts';

const LIMITS: MultipartLimits = {
  parts: 100,
  fieldBytes: 64 * 1024,
  fileBytes: 1024 * 1024,
  headerBytes: 8 * 1024,
  fileField: 'attachment',
};

/** A FormData as the platform encodes it (undici here, as a browser does): its bytes and its boundary. */
async function encoded(form: FormData): Promise<{ bytes: Buffer; boundary: string }> {
  const response = new Response(form);
  const boundary = boundaryOf(response.headers.get('content-type') ?? '');
  if (!boundary) throw new Error('no boundary');
  return { bytes: Buffer.from(await response.arrayBuffer()), boundary };
}

/** The parts of a body pushed in the given chunks. */
function parse(chunks: Uint8Array[], boundary: string, limits = LIMITS): FormPart[] {
  const parser = new MultipartParser(boundary, limits);
  for (const chunk of chunks) if (parser.push(chunk)) break;
  return parser.end();
}

const problem = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof MultipartError) return error.problem;
    throw error;
  }
  return 'none';
};

/** The parts as the platform's own parser reads them, in the same shape. */
async function platformParts(form: FormData): Promise<unknown[]> {
  const read = await new Response(form).formData();
  return Promise.all(
    [...read].map(async ([name, value]) =>
      typeof value === 'string'
        ? { name, filename: undefined, text: value }
        : { name, filename: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) },
    ),
  );
}

const shaped = (parts: FormPart[]) =>
  parts.map((part) =>
    part.filename === undefined
      ? { name: part.name, filename: undefined, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(part.bytes) }
      : { name: part.name, filename: part.filename, type: part.type, bytes: Buffer.from(part.bytes) },
  );

describe('the multipart parser', () => {
  const form = new FormData();
  form.append('fullName', 'Ada "the first" Lovelace');
  form.append('message', 'Two lines\r\nof text, one with --boundary-looking -- dashes\r\n--');
  form.append('interestProducts', '3');
  form.append('interestProducts', '5');
  form.append('名前\r\n"quoted"', '光谱仪 \uFEFF with a byte order mark');
  form.append('empty', '');
  form.append(
    'attachment',
    new File([Buffer.from('%PDF-1.4\r\n--\r\n\r\n%%EOF')], '报价 "v2"\r\n.pdf', { type: 'application/pdf' }),
  );

  test('reads what the platform writes as the platform reads it: fields, repeats, names with quotes and line breaks, a file', async () => {
    const { bytes, boundary } = await encoded(form);
    expect(shaped(parse([bytes], boundary))).toEqual(await platformParts(form));
  });

  test('reads the same whatever the chunks: split at every byte, and one byte at a time', async () => {
    const { bytes, boundary } = await encoded(form);
    const whole = shaped(parse([bytes], boundary));
    for (let at = 0; at <= bytes.length; at++)
      expect(shaped(parse([bytes.subarray(0, at), bytes.subarray(at)], boundary)), `split at ${at}`).toEqual(whole);
    const bytewise = [...bytes].map((byte) => Uint8Array.of(byte));
    expect(shaped(parse(bytewise, boundary))).toEqual(whole);
  });

  test('skips a preamble and an epilogue, and takes a quoted boundary and RFC 5987 names', () => {
    const body = Buffer.from(
      'preamble, ignored\r\n--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n' +
        "--b\r\ncontent-disposition: Form-Data; name*=UTF-8''%E5%90%8D; filename*=utf-8''%E6%8A%A5.txt\r\n" +
        'Content-Type: text/plain\r\n\r\nhello\r\n--b--\r\nepilogue, not read',
    );
    const boundary = boundaryOf('multipart/form-data; charset=utf-8; BOUNDARY="b"');
    expect(boundary).toBe('b');
    expect(shaped(parse([body], 'b', { ...LIMITS, fileField: '名' }))).toEqual([
      { name: 'a', filename: undefined, text: '1' },
      { name: '名', filename: '报.txt', type: 'text/plain', bytes: Buffer.from('hello') },
    ]);
  });

  test('refuses what is not multipart as RFC 7578 writes it', () => {
    const part = (headers: string, value = 'x') => `--b\r\n${headers}\r\n\r\n${value}\r\n`;
    const cases = [
      '',
      'no boundary at all',
      part('Content-Disposition: form-data; name="a"'),
      `${part('Content-Disposition: form-data; name="a"')}--b`,
      `--b\r\n\r\nvalue\r\n--b--`,
      `${part('Content-Type: text/plain')}--b--`,
      `${part('Content-Disposition: attachment; name="a"')}--b--`,
      `${part('Content-Disposition: form-data; filename="a"')}--b--`,
      `${part('Content-Disposition: form-data; name="a')}--b--`,
      `${part('Content-Disposition: form-data; name="a"; name="b"')}--b--`,
      `${part("Content-Disposition: form-data; name*=latin-1''a")}--b--`,
      `${part("Content-Disposition: form-data; name*=utf-8''%E0%A4%A")}--b--`,
      `${part('No colon here\r\nContent-Disposition: form-data; name="a"')}--b--`,
      `${part(`X-Long: ${'x'.repeat(9000)}\r\nContent-Disposition: form-data; name="a"`)}--b--`,
      `--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--bjunk`,
    ];
    for (const body of cases)
      expect(
        problem(() => parse([Buffer.from(body)], 'b')),
        JSON.stringify(body),
      ).toBe('malformed');
    for (const bad of ['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary="a b "'])
      expect(boundaryOf(bad), bad).toBeUndefined();
    expect(boundaryOf(`multipart/form-data; boundary=${'x'.repeat(71)}`)).toBeUndefined();
  });

  test('refuses past its limits: parts, a field, a file, a file in another field, two files', () => {
    const field = (name: string, value: string) =>
      `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const file = (name: string, size: number) =>
      `--b\r\nContent-Disposition: form-data; name="${name}"; filename="f.txt"\r\n\r\n${'x'.repeat(size)}\r\n`;
    const body = (...parts: string[]) => [Buffer.from(`${parts.join('')}--b--\r\n`)];
    expect(parse(body(...Array(100).fill(field('a', ''))), 'b')).toHaveLength(100);
    expect(problem(() => parse(body(...Array(101).fill(field('a', ''))), 'b'))).toBe('tooManyParts');
    expect(parse(body(field('a', 'x'.repeat(LIMITS.fieldBytes))), 'b')).toHaveLength(1);
    expect(problem(() => parse(body(field('a', 'x'.repeat(LIMITS.fieldBytes + 1))), 'b'))).toBe('fieldTooLong');
    expect(parse(body(file('attachment', LIMITS.fileBytes)), 'b')).toHaveLength(1);
    expect(problem(() => parse(body(file('attachment', LIMITS.fileBytes + 1)), 'b'))).toBe('fileTooLarge');
    expect(problem(() => parse(body(file('message', 1)), 'b'))).toBe('unexpectedFile');
    expect(problem(() => parse(body(file('attachment', 1), file('attachment', 1)), 'b'))).toBe('unexpectedFile');
    expect(problem(() => parse(body(file('attachment', 1)), 'b', { ...LIMITS, fileField: undefined }))).toBe(
      'unexpectedFile',
    );
  });

  test('stops reading at the part past the limit: the rest of a body of 150,000 parts is never pulled', async () => {
    const part = Buffer.from('--b\r\nContent-Disposition: form-data; name="f"\r\n\r\n\r\n');
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Ten parts a chunk, as a socket delivers them: 15,000 chunks in all.
        if (pulled++ === 15_000) controller.close();
        else controller.enqueue(Buffer.concat(Array(10).fill(part)));
      },
    });
    await expect(readMultipart(stream, 'b', LIMITS)).rejects.toMatchObject({ problem: 'tooManyParts' });
    expect(pulled).toBeLessThan(15);
  });

  test('works linearly: each byte of the body is searched and copied a bounded number of times, however it is cut', () => {
    // A file of lines that begin like the delimiter, the parser's worst case, in chunks of 1 KB and of 7 bytes.
    const line = Buffer.from('\r\n--b0undar\r\n-');
    const bodyOf = (size: number) => {
      const content = Buffer.alloc(size);
      for (let at = 0; at < content.length; at += line.length) line.copy(content, at);
      return Buffer.concat([
        Buffer.from('--b0undary\r\nContent-Disposition: form-data; name="attachment"; filename="f"\r\n\r\n'),
        content,
        Buffer.from('\r\n--b0undary\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--b0undary--\r\n'),
      ]);
    };
    const indexOf = Buffer.prototype.indexOf;
    const concat = Buffer.concat;
    for (const [size, content] of [
      [1024, 4 * 1024 * 1024],
      [7, 256 * 1024],
    ] as const) {
      const body = bodyOf(content);
      let searched = 0;
      let copied = 0;
      const search = vi.spyOn(Buffer.prototype, 'indexOf').mockImplementation(function (this: Buffer, ...args) {
        searched += this.length - Number(args[1] ?? 0);
        return indexOf.apply(this, args);
      });
      const join = vi.spyOn(Buffer, 'concat').mockImplementation((list, length) => {
        const joined = concat(list, length);
        copied += joined.length;
        return joined;
      });
      try {
        const chunks = Array.from({ length: Math.ceil(body.length / size) }, (_, i) =>
          body.subarray(i * size, (i + 1) * size),
        );
        const parts = parse(chunks, 'b0undary', { ...LIMITS, fileBytes: 8 * 1024 * 1024 });
        expect(parts.map((part) => part.bytes.length)).toEqual([content, 1]);
      } finally {
        search.mockRestore();
        join.mockRestore();
      }
      // What a chunk carries over to the next is shorter than the delimiter (12 bytes): a 7-byte chunk is
      // searched with what came before it, at most 18 bytes for 7.
      const bound = size === 7 ? 3 : 1.1;
      expect(searched / body.length, `searched, ${size}-byte chunks`).toBeLessThan(bound);
      expect(copied / body.length, `copied, ${size}-byte chunks`).toBeLessThan(bound + 1);
    }
  });
});
