import { deflateSync } from 'node:zlib';

// The file around a document's objects: numbered objects, streams compressed with FlateDecode, the
// cross-reference table and the trailer (PDF 1.4). Object bodies are text of one byte a char (latin1);
// stream data may be any bytes.

const encoder = (text: string) => Buffer.from(text, 'latin1');

/**
 * Compression of the streams: zlib's fastest level. Most of a Chinese document is its font program, glyph
 * outlines that compress poorly; level 6, zlib's default, made it about 3 % smaller and took a fifth longer.
 */
const DEFLATE = { level: 1 };

/** Bytes compressed as a FlateDecode stream holds them. */
export const deflate = (data: Uint8Array): Buffer => deflateSync(data, DEFLATE);

export class PdfFile {
  /** Each object's bytes (`n 0 obj` … `endobj`), by object number less one; undefined while reserved. */
  private readonly objects: (Buffer | undefined)[] = [];

  /** A number for an object written later with `set` (one that refers to objects made after it). */
  reserve(): number {
    this.objects.push(undefined);
    return this.objects.length;
  }

  /** Writes an object whose body is `body` (a dictionary, an array, …) under a reserved number. */
  set(ref: number, body: string): number {
    this.objects[ref - 1] = encoder(`${ref} 0 obj\n${body}\nendobj\n`);
    return ref;
  }

  /** A new object; answers its number. */
  add(body: string): number {
    return this.set(this.reserve(), body);
  }

  /**
   * A stream: `entries` are its dictionary's entries besides /Length and /Filter (e.g. `/Length1 5120`),
   * `data` its bytes, or text of one byte a char. Compressed with FlateDecode unless `compress` is false.
   */
  stream(entries: string, data: string | Uint8Array, compress = true, ref = this.reserve()): number {
    const raw = typeof data === 'string' ? encoder(data) : data;
    return compress ? this.deflated(entries, deflate(raw), ref) : this.written(entries, raw, '', ref);
  }

  /** A stream whose data is already compressed with `deflate` (a font program kept from another document). */
  deflated(entries: string, bytes: Uint8Array, ref = this.reserve()): number {
    return this.written(entries, bytes, ' /Filter /FlateDecode', ref);
  }

  private written(entries: string, bytes: Uint8Array, filter: string, ref: number): number {
    const head = encoder(
      `${ref} 0 obj\n<< /Length ${bytes.length}${filter}${entries ? ` ${entries}` : ''} >>\nstream\n`,
    );
    const tail = encoder('\nendstream\nendobj\n');
    const object = Buffer.allocUnsafeSlow(head.length + bytes.length + tail.length);
    object.set(head, 0);
    object.set(bytes, head.length);
    object.set(tail, head.length + bytes.length);
    this.objects[ref - 1] = object;
    return ref;
  }

  /** The whole file: header, objects, cross-reference table and trailer. */
  bytes(root: number, info: number): Uint8Array<ArrayBuffer> {
    // The second line's bytes above 127 tell transfer programs the file is binary.
    const header = encoder('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
    const offsets: number[] = [];
    let length = header.length;
    for (const [index, object] of this.objects.entries()) {
      if (!object) throw new Error(`PDF object ${index + 1} was reserved and never written`);
      offsets.push(length);
      length += object.length;
    }
    const count = this.objects.length + 1;
    const trailer = encoder(
      `xref\n0 ${count}\n0000000000 65535 f \n` +
        offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
        `trailer\n<< /Size ${count} /Root ${root} 0 R /Info ${info} 0 R >>\nstartxref\n${length}\n%%EOF\n`,
    );
    const out = new Uint8Array(length + trailer.length);
    out.set(header, 0);
    let at = header.length;
    for (const object of this.objects as Buffer[]) {
      out.set(object, at);
      at += object.length;
    }
    out.set(trailer, at);
    return out;
  }
}

/** A string for the document information or any text string: UTF-16BE, so any text survives. */
export function textString(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}
