import type { AttachmentKind } from '#api/inquiry.ts';

// What an attachment is, from its bytes alone: a file's name and the browser's type are whatever the
// sender says. Only the kinds the form takes are recognised; anything else (an .exe renamed .pdf, an
// HTML page, an empty file) is undefined.

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP_ENTRY = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4, a local file header
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06]; // an empty archive's end record

/** The names of the entries of a zip archive, read from its local file headers (at most `max`). */
function zipEntryNames(bytes: Uint8Array, max = 2000): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const names: string[] = [];
  const decoder = new TextDecoder('utf-8', { fatal: false });
  let at = 0;
  while (names.length < max && startsWith(bytes, ZIP_ENTRY, at) && at + 30 <= bytes.length) {
    const flags = view.getUint16(at + 6, true);
    const compressedSize = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const extraLength = view.getUint16(at + 28, true);
    names.push(decoder.decode(bytes.subarray(at + 30, at + 30 + nameLength)));
    // With a data descriptor (flag bit 3) the size is only known after the data: stop at what was read,
    // which for an Office file still holds [Content_Types].xml and its first parts.
    if (flags & 0x08) break;
    at += 30 + nameLength + extraLength + compressedSize;
  }
  return names;
}

/** Tab, LF, FF and CR: the only control bytes plain text holds. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

/** Plain text: UTF-8 (or ASCII) with no NUL and no control characters other than tab, LF, FF and CR. */
function isText(bytes: Uint8Array): boolean {
  for (const byte of bytes) if ((byte < 0x20 && !TEXT_CONTROLS.has(byte)) || byte === 0x7f) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The kind of attachment the bytes are, or undefined when they are none of the kinds taken. */
export function attachmentKind(bytes: Uint8Array): AttachmentKind | undefined {
  if (bytes.length === 0) return undefined;
  if (startsWith(bytes, PDF)) return 'pdf';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, ZIP_EMPTY)) return 'zip';
  if (startsWith(bytes, ZIP_ENTRY)) {
    const names = zipEntryNames(bytes);
    if (names.includes('[Content_Types].xml')) {
      if (names.some((name) => name.startsWith('word/'))) return 'docx';
      if (names.some((name) => name.startsWith('xl/'))) return 'xlsx';
    }
    return 'zip';
  }
  // A byte-order mark is text too; other binary formats fail the UTF-8 or control-character check.
  if (isText(bytes)) return 'txt';
  return undefined;
}
