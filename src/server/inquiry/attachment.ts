import { ATTACHMENT_TYPES, type AttachmentKind, MAX_ATTACHMENT_BYTES, type Upload } from '#api/inquiry.ts';
import { ApiError } from '../errors.ts';
import { headerValue } from '../mail/mailer.ts';
import { attachmentKind } from './file-kind.ts';
import { guardedCsv } from './spreadsheet.ts';

/** The extensions a file of each kind may keep; another one gets the kind's own added. */
const EXTENSIONS: Record<AttachmentKind, string[]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpeg: ['jpg', 'jpeg'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  txt: ['txt', 'csv', 'log'],
  zip: ['zip'],
};

/**
 * Format characters (Unicode's Cf): the bidirectional controls among them reorder what follows, so
 * `report\u202Efdp.zip` shows as "reportpiz.pdf", and the invisible ones hide what a name is. A file name
 * needs none of them.
 */
const FORMAT_CHARACTERS = /\p{Cf}/gu;

/**
 * A file name fit for a mail header, a disk and a reader's eyes: no path, no control or format characters,
 * bounded, the true extension. Every place a file name is shown (the sales mail and its attachment,
 * `npm run inquiries`, the export) shows this one.
 */
function attachmentName(sent: string, kind: AttachmentKind): string {
  const base =
    headerValue((sent.split(/[\\/]/).pop() ?? '').replace(FORMAT_CHARACTERS, ''))
      .replace(/["<>:|?*]/g, '_')
      .replace(/^\.+/, '')
      .slice(0, 120) || 'attachment';
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(base)?.[1]?.toLowerCase();
  return extension && EXTENSIONS[kind].includes(extension) ? base : `${base}.${EXTENSIONS[kind][0]}`;
}

/**
 * The bytes sales receives: a text file named .csv, which a spreadsheet opens at a click, with every cell
 * that would start a formula made text (spreadsheet.ts), as the export does; any other file as sent.
 */
function bytesForSales(name: string, kind: AttachmentKind, bytes: Uint8Array): Uint8Array {
  if (kind !== 'txt' || !/\.csv$/i.test(name)) return bytes;
  // A byte-order mark is kept: it tells a spreadsheet the file is UTF-8.
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const guarded = guardedCsv(text);
  return guarded === text ? bytes : new TextEncoder().encode(guarded);
}

/** The sent file, checked by its content: its stored name, type and bytes, or 413 / 400 with what is wrong. */
export function checkedAttachment(upload: Upload | File) {
  // The router hands over an Upload; a File only reaches here from a caller in this process.
  if (upload instanceof Blob) throw new ApiError(400, 'validation.attachmentFile');
  if (upload.bytes.length > MAX_ATTACHMENT_BYTES) throw new ApiError(413, 'validation.attachmentSize');
  const kind = attachmentKind(upload.bytes);
  if (!kind) throw new ApiError(400, 'validation.attachmentType');
  const name = attachmentName(upload.name, kind);
  return { name, type: ATTACHMENT_TYPES[kind], bytes: bytesForSales(name, kind, upload.bytes) };
}
