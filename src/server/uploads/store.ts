import { createHash } from 'node:crypto';
import {
  MAX_UPLOAD_IMAGE_BYTES,
  MAX_UPLOAD_PDF_BYTES,
  UPLOADS_PATH,
  type UploadAnswer,
  type UploadType,
} from '#api/editor-files.ts';
import type { Upload } from '#api/inquiry.ts';
import type { Actor } from '../auth/actor.ts';
import { recordAudit } from '../db/audit.ts';
import type { Db, Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { mediaOf } from './media.ts';

// Editors' files in the database (migration 018, decision 0071): checked by their content, kept once by
// their SHA-256, and named by a URL that carries the name they were sent with.

/** The extensions a file of each type may keep; another gets the type's own added. */
const EXTENSIONS: Record<UploadType, string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
};

/** What a person calls each type, in either language. */
const LABELS: Record<UploadType, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
};

/** The type a file name's extension says, when it is one of the types taken. */
function typeNamed(name: string): UploadType | undefined {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(name.trim())?.[1]?.toLowerCase();
  if (extension === undefined) return undefined;
  return (Object.keys(EXTENSIONS) as UploadType[]).find((type) => EXTENSIONS[type].includes(extension));
}

/** The most characters of a name, its extension included. */
const MAX_NAME = 120;

/**
 * A name fit for a URL's last segment and a download: no path, only letters, digits and `._()-` (any
 * other run of characters, spaces and controls among them, is one dash), at most MAX_NAME characters,
 * ending in the extension of what the file is. `spec sheet.PDF` stays `spec-sheet.PDF`, `数据手册 v2.pdf`
 * is `数据手册-v2.pdf`, and a JPEG sent as `photo.jfif` is `photo.jfif.jpg`.
 */
export function uploadName(sent: string, mediaType: UploadType): string {
  const extensions = EXTENSIONS[mediaType];
  let base = (sent.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._()-]+/gu, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[.-]+|-+$/g, '');
  const found = /\.([A-Za-z0-9]{1,8})$/.exec(base);
  let extension = `.${extensions[0]}`;
  if (found && extensions.includes((found[1] as string).toLowerCase())) {
    extension = found[0];
    base = base.slice(0, -extension.length);
  }
  // Cut by characters, not UTF-16 units, and before the extension.
  return [...(base || 'file')].slice(0, MAX_NAME - extension.length).join('') + extension;
}

/** Where an upload is served under the name given. */
const uploadUrl = (sha256: string, name: string) => `${UPLOADS_PATH}/${sha256}/${encodeURIComponent(name)}`;

const UPLOAD_URL = new RegExp(`^${UPLOADS_PATH}/([0-9a-f]{64})/[^/?#]+$`);

/** The SHA-256 of the upload a URL names, or undefined when it names none. */
export const uploadShaOf = (url: string) => UPLOAD_URL.exec(url)?.[1];

/**
 * The sent file checked by its content: its type and size in pixels, or 400 / 413 with what is wrong. The
 * content decides the type; a name that says another of the types taken (a PNG named `.pdf`) is refused,
 * as the file is likely not the one meant. Another extension is kept, and the true one added.
 */
function checkedUpload(file: Upload | File) {
  // The router hands over an Upload; a File only reaches here from a caller in this process.
  if (file instanceof Blob) throw new ApiError(400, 'validation.uploadFile');
  const media = mediaOf(file.bytes);
  if (media === undefined) throw new ApiError(400, 'validation.uploadType');
  if (media === 'damaged') throw new ApiError(400, 'validation.uploadDamaged');
  const named = typeNamed(file.name);
  if (named && named !== media.mediaType)
    throw new ApiError(400, 'validation.uploadMismatch', { named: LABELS[named], actual: LABELS[media.mediaType] });
  const image = media.mediaType !== 'application/pdf';
  if (image && file.bytes.length > MAX_UPLOAD_IMAGE_BYTES) throw new ApiError(413, 'validation.uploadImageSize');
  if (file.bytes.length > MAX_UPLOAD_PDF_BYTES) throw new ApiError(413, 'validation.uploadSize');
  return media;
}

/**
 * Keeps an editor's file, once however often it is sent, and notes the upload in the audit trail: answers
 * where it is served under the name it was sent with this time.
 */
export async function storeUpload(db: Db, actor: Actor, file: Upload | File): Promise<UploadAnswer> {
  const media = checkedUpload(file);
  const { bytes, name: sent } = file as Upload;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const name = uploadName(sent, media.mediaType);
  const answer: UploadAnswer = { url: uploadUrl(sha256, name), sha256, name, size: bytes.length, ...media };
  await db.transaction(async (tx) => {
    const stored = await tx.query(
      `insert into upload (sha256, media_type, size, name, width, height, bytes, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (sha256) do nothing returning sha256`,
      [
        sha256,
        media.mediaType,
        bytes.length,
        name,
        media.width,
        media.height,
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        actor.kind === 'shell' ? null : actor.editorId,
      ],
    );
    await recordAudit(tx, actor, [
      { action: 'upload', entity: 'file', key: sha256, label: name, detail: { ...answer, stored: stored.length > 0 } },
    ]);
  });
  return answer;
}

/** What is served of an upload: its type and size, and its bytes when asked for. */
export interface StoredUpload {
  mediaType: UploadType;
  size: number;
  bytes?: Uint8Array;
}

/** An upload by its SHA-256, with or without its bytes (a HEAD needs none); undefined when there is none. */
export async function readUpload(q: Queryable, sha256: string, withBytes: boolean): Promise<StoredUpload | undefined> {
  const [row] = await q.query<{ media_type: UploadType; size: number; bytes?: Uint8Array }>(
    `select media_type, size${withBytes ? ', bytes' : ''} from upload where sha256 = $1`,
    [sha256],
  );
  if (!row) return undefined;
  return { mediaType: row.media_type, size: row.size, ...(row.bytes ? { bytes: row.bytes } : {}) };
}

/** The uploads among `shas` that are stored, by SHA-256: their type. */
export async function uploadTypes(q: Queryable, shas: string[]): Promise<Map<string, UploadType>> {
  if (shas.length === 0) return new Map();
  const rows = await q.query<{ sha256: string; media_type: UploadType }>(
    'select sha256, media_type from upload where sha256 = any($1::text[])',
    [[...new Set(shas)]],
  );
  return new Map(rows.map((row) => [row.sha256, row.media_type]));
}
