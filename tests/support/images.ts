import { crc32, deflateSync } from 'node:zlib';

// Image files made in the tests, byte by byte: a real PNG any viewer opens, and the headers of a JPEG and
// of the three kinds of WebP, which is all the upload check reads of them.

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/** A PNG chunk: its length, type, data and the CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), typed, u32(crc32(typed))]);
}

/** A real PNG of `width` x `height` pixels, 8-bit RGB, a gradient; with `extra` bytes of a private chunk. */
export function pngBytes(width: number, height: number, extra = 0): Buffer {
  const header = Buffer.concat([u32(width), u32(height), Buffer.from([8, 2, 0, 0, 0])]);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set([(x * 255) / width, (y * 255) / height, 128], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(extra > 0 ? [chunk('prVt', Buffer.alloc(extra, 7))] : []),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG's head up to its frame header (SOF0), with an Exif orientation when given. */
export function jpegHead(width: number, height: number, orientation?: number, progressive = false): Buffer {
  const segment = (marker: number, data: Buffer) => {
    const length = Buffer.alloc(2);
    length.writeUInt16BE(data.length + 2);
    return Buffer.concat([Buffer.from([0xff, marker]), length, data]);
  };
  const jfif = segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'));
  const parts = [Buffer.from([0xff, 0xd8]), jfif];
  if (orientation !== undefined) {
    // Exif, big-endian TIFF: one IFD of one entry, Orientation (0x0112), a SHORT.
    const tiff = Buffer.from([
      0x4d,
      0x4d,
      0x00,
      0x2a,
      0x00,
      0x00,
      0x00,
      0x08,
      0x00,
      0x01,
      0x01,
      0x12,
      0x00,
      0x03,
      0x00,
      0x00,
      0x00,
      0x01,
      0x00,
      orientation,
      0x00,
      0x00,
      0x00,
      0x00,
      0x00,
      0x00,
      0x00,
      0x00,
    ]);
    parts.push(segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff])));
  }
  const frame = Buffer.alloc(6);
  frame.writeUInt8(8, 0);
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  frame.writeUInt8(0, 5);
  parts.push(segment(progressive ? 0xc2 : 0xc0, frame), Buffer.from([0xff, 0xd9]));
  return Buffer.concat(parts);
}

/** A WebP's head: RIFF, WEBP and a first chunk of the kind given, with the size its header says. */
export function webpHead(kind: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number): Buffer {
  const data = Buffer.alloc(10);
  if (kind === 'VP8X') {
    data.writeUIntLE(width - 1, 4, 3);
    data.writeUIntLE(height - 1, 7, 3);
  } else if (kind === 'VP8 ') {
    data.set([0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a], 0);
    data.writeUInt16LE(width, 6);
    data.writeUInt16LE(height, 8);
  } else {
    data.writeUInt8(0x2f, 0);
    data.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, 1);
  }
  const chunkSize = Buffer.alloc(4);
  chunkSize.writeUInt32LE(data.length);
  const body = Buffer.concat([Buffer.from(`WEBP${kind}`, 'latin1'), chunkSize, data]);
  const riffSize = Buffer.alloc(4);
  riffSize.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), riffSize, body]);
}
