import type { UploadType } from '#api/editor-files.ts';

// What an uploaded file is, from its bytes alone (a name and a browser's type are whatever the sender
// says), and an image's size in pixels from its header: PDF, PNG, JPEG and WebP, nothing else. The headers
// are read as their specifications lay them out (PNG's IHDR, JPEG's SOF segment and Exif orientation,
// WebP's VP8, VP8L and VP8X chunks); no pixel is decoded.

/** A file taken: its type, and an image's width and height as a browser shows it (null for a PDF). */
export interface Media {
  mediaType: UploadType;
  width: number | null;
  height: number | null;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const PDF = ascii('%PDF-');
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A size only when both sides are whole numbers of pixels. */
const size = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : undefined);

/** PNG: the IHDR chunk comes first, its width and height big-endian after the signature and chunk head. */
function pngSize(bytes: Uint8Array) {
  if (bytes.length < 24 || !startsWith(bytes, ascii('IHDR'), 12)) return undefined;
  const data = view(bytes);
  return size(data.getUint32(16), data.getUint32(20));
}

/** Start-of-frame markers: baseline, progressive and the rest (C4 is DHT, C8 JPG, CC DAC: not frames). */
const isFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** An Exif orientation of 5 to 8 turns the picture a quarter: a browser shows its width as its height. */
function exifTurns(bytes: Uint8Array, start: number, end: number): boolean {
  if (!startsWith(bytes, [...ascii('Exif'), 0, 0], start)) return false;
  const tiff = start + 6;
  if (tiff + 8 > end) return false;
  const little = bytes[tiff] === 0x49 && bytes[tiff + 1] === 0x49;
  if (!little && !(bytes[tiff] === 0x4d && bytes[tiff + 1] === 0x4d)) return false;
  const data = view(bytes);
  const ifd = tiff + data.getUint32(tiff + 4, little);
  if (ifd + 2 > end) return false;
  const count = data.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return false;
    if (data.getUint16(entry, little) === 0x0112) {
      const orientation = data.getUint16(entry + 8, little);
      return orientation >= 5 && orientation <= 8;
    }
  }
  return false;
}

/** JPEG: the segments up to the first frame header, which holds height then width; Exif may turn them. */
function jpegSize(bytes: Uint8Array) {
  const data = view(bytes);
  let turned = false;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] as number;
    // Fill bytes, and markers that stand alone (no length).
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    // The scan begins (or the image ends) before any frame header: no size to read.
    if (marker === 0xda || marker === 0xd9) return undefined;
    const length = data.getUint16(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) return undefined;
    if (marker === 0xe1) turned ||= exifTurns(bytes, at + 4, at + 2 + length);
    if (isFrame(marker)) {
      if (length < 8) return undefined;
      const height = data.getUint16(at + 5);
      const width = data.getUint16(at + 7);
      return turned ? size(height, width) : size(width, height);
    }
    at += 2 + length;
  }
  return undefined;
}

/** Three bytes, little-endian. */
const uint24 = (bytes: Uint8Array, at: number) =>
  (bytes[at] as number) | ((bytes[at + 1] as number) << 8) | ((bytes[at + 2] as number) << 16);

/** WebP: a RIFF file whose first chunk is VP8X (the canvas), VP8 (a lossy frame) or VP8L (a lossless one). */
function webpSize(bytes: Uint8Array) {
  if (bytes.length < 30) return undefined;
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === 'VP8X') return size(uint24(bytes, 24) + 1, uint24(bytes, 27) + 1);
  if (chunk === 'VP8 ') {
    // A key frame's start code, then 14 bits each of width and height (2 bits of scale above them).
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return undefined;
    const data = view(bytes);
    return size(data.getUint16(26, true) & 0x3fff, data.getUint16(28, true) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return undefined;
    // 14 bits of width - 1, then 14 bits of height - 1, little-endian.
    const bits = view(bytes).getUint32(21, true);
    return size((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  return undefined;
}

/**
 * The file's type and, for an image, its size; 'damaged' for an image whose header cannot be read (its
 * signature, but no size); undefined for anything that is none of the types taken.
 */
export function mediaOf(bytes: Uint8Array): Media | 'damaged' | undefined {
  if (startsWith(bytes, PDF)) return { mediaType: 'application/pdf', width: null, height: null };
  const image = (mediaType: UploadType, read: { width: number; height: number } | undefined) =>
    read ? { mediaType, ...read } : 'damaged';
  if (startsWith(bytes, PNG)) return image('image/png', pngSize(bytes));
  if (startsWith(bytes, JPEG)) return image('image/jpeg', jpegSize(bytes));
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return image('image/webp', webpSize(bytes));
  return undefined;
}
