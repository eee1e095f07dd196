import { crc32, deflateRawSync } from 'node:zlib';

// A minimal ZIP writer for build-time downloads: each entry deflated (or stored when that is no smaller),
// UTF-8 names, one central directory. No ZIP64, so archives stay under 4 GiB and 65,535 entries.

export interface ZipEntry {
  name: string;
  data: Uint8Array | string;
}

/** An MS-DOS date and time (what ZIP headers hold), read in UTC so builds do not depend on the time zone. */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getUTCFullYear(), 1980), 2107);
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

/** The files as one ZIP archive, every entry dated `modified`. */
export function zipFiles(files: ZipEntry[], modified = new Date()): Uint8Array<ArrayBuffer> {
  if (files.length > 0xffff) throw new Error('zipFiles: more than 65,535 entries needs ZIP64.');
  const encoder = new TextEncoder();
  const stamp = dosDateTime(modified);
  const entries = files.map((file) => {
    const data = typeof file.data === 'string' ? encoder.encode(file.data) : file.data;
    const deflated = deflateRawSync(data);
    const stored = deflated.length >= data.length;
    return {
      name: encoder.encode(file.name),
      crc: crc32(data),
      size: data.length,
      method: stored ? 0 : 8,
      body: stored ? data : deflated,
      offset: 0,
    };
  });
  const localSize = entries.reduce((sum, entry) => sum + 30 + entry.name.length + entry.body.length, 0);
  const centralSize = entries.reduce((sum, entry) => sum + 46 + entry.name.length, 0);
  if (localSize + centralSize > 0xffffffff) throw new Error('zipFiles: archives over 4 GiB need ZIP64.');

  const bytes = new Uint8Array(localSize + centralSize + 22);
  const view = new DataView(bytes.buffer);
  let at = 0;
  const u16 = (value: number) => {
    view.setUint16(at, value, true);
    at += 2;
  };
  const u32 = (value: number) => {
    view.setUint32(at, value >>> 0, true);
    at += 4;
  };
  const put = (data: Uint8Array) => {
    bytes.set(data, at);
    at += data.length;
  };
  /** The fields local and central headers share, from "version needed" to "extra field length". */
  const common = (entry: (typeof entries)[number]) => {
    u16(20); // version needed: 2.0
    u16(0x0800); // flags: UTF-8 names
    u16(entry.method);
    u16(stamp.time);
    u16(stamp.date);
    u32(entry.crc);
    u32(entry.body.length);
    u32(entry.size);
    u16(entry.name.length);
    u16(0); // extra field length
  };

  for (const entry of entries) {
    entry.offset = at;
    u32(0x04034b50); // local file header
    common(entry);
    put(entry.name);
    put(entry.body);
  }
  const centralStart = at; // = localSize
  for (const entry of entries) {
    u32(0x02014b50); // central directory header
    u16((3 << 8) | 20); // made by: Unix, 2.0
    common(entry);
    u16(0); // comment length
    u16(0); // disk number
    u16(0); // internal attributes
    u32(0o100644 << 16); // external attributes: a regular file, rw-r--r--
    u32(entry.offset);
    put(entry.name);
  }
  u32(0x06054b50); // end of central directory
  u16(0); // this disk
  u16(0); // disk with the central directory
  u16(entries.length);
  u16(entries.length);
  u32(centralSize);
  u32(centralStart);
  u16(0); // comment length
  return bytes;
}
