import * as v from 'valibot';
import { defineCall, LanguageField } from './common.ts';
import { isFile, type Upload } from './inquiry.ts';

// Editors' files (issue 39, item 4): product images and resources (datasheets, manuals), uploaded through
// the API, kept in the database and served at /files/uploads/<sha256>/<name> (decision 0071).

/** The largest image (PNG, JPEG, WebP), in bytes: 5 MiB. */
export const MAX_UPLOAD_IMAGE_BYTES = 5 * 1024 * 1024;
/** The largest PDF, in bytes: 20 MiB. */
export const MAX_UPLOAD_PDF_BYTES = 20 * 1024 * 1024;
/** The largest upload request: the largest file, and room for its fields and the multipart framing. */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_PDF_BYTES + 256 * 1024;

/** The kinds of file taken, as their content shows them (never by their name or declared type). */
const UPLOAD_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** Where uploads are served: `${UPLOADS_PATH}/<sha256>/<name>`. */
export const UPLOADS_PATH = '/files/uploads';

export const editorFileUpload = defineCall({
  method: 'POST',
  path: '/editor/file/upload',
  tag: 'editor',
  multipart: 'file',
  summary:
    'Uploads a file for products: `multipart/form-data` with the file as `file`. A PDF of at most 20 MB, or a PNG, JPEG or WebP image of at most 5 MB, as its content shows (not its name or declared type): anything else is 400, a larger file 413. The file is kept once however often it is uploaded, and served at the `url` answered (`/files/uploads/<sha256>/<name>`, cached for a year: a changed file is a new upload with a new address), which a product image or resource may name. `width` and `height` are an image’s pixels (null for a PDF).',
  request: v.object({
    language: LanguageField,
    file: v.custom<Upload | File>(isFile, 'validation.uploadFile'),
  }),
  response: v.object({
    /** Where the file is served, on the site's origin. */
    url: v.string(),
    mediaType: v.picklist(UPLOAD_TYPES),
    /** Bytes. */
    size: v.number(),
    /** The SHA-256 of the bytes, in hex: the file's identity. */
    sha256: v.string(),
    /** The file's name as sent, made safe for a URL and a download (the last part of `url`, decoded). */
    name: v.string(),
    width: v.nullable(v.number()),
    height: v.nullable(v.number()),
  }),
});
export type UploadAnswer = v.InferOutput<typeof editorFileUpload.response>;
