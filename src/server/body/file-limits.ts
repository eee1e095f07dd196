import type { Call } from '#api/common.ts';
import { editorFileUpload, MAX_UPLOAD_BODY_BYTES, MAX_UPLOAD_PDF_BYTES } from '#api/editor-files.ts';
import { INQUIRY_MAX_BODY_BYTES, inquirySubmit, MAX_ATTACHMENT_BYTES } from '#api/inquiry.ts';
import type { MessageKey } from '#i18n/index.ts';

// The limits of the calls that take a file (their contract names the file's field, `multipart`): the
// largest file, the largest body (the file, the other fields and the framing), and the message past them.
// Kept here, not in the contract objects, which the visitors' pages carry (the contact form's call).

export interface FileLimits {
  maxFileBytes: number;
  maxBodyBytes: number;
  tooLarge: MessageKey;
}

const LIMITS = new Map<Call, FileLimits>([
  [
    inquirySubmit,
    {
      maxFileBytes: MAX_ATTACHMENT_BYTES,
      maxBodyBytes: INQUIRY_MAX_BODY_BYTES,
      tooLarge: 'validation.attachmentSize',
    },
  ],
  [
    editorFileUpload,
    { maxFileBytes: MAX_UPLOAD_PDF_BYTES, maxBodyBytes: MAX_UPLOAD_BODY_BYTES, tooLarge: 'validation.uploadSize' },
  ],
]);

/** The limits of a call that takes a file; throws for one that has none here (a contract change left out). */
export function fileLimitsOf(call: Call): FileLimits {
  const limits = LIMITS.get(call);
  if (!limits) throw new Error(`${call.path} takes a file but has no limits in file-limits.ts`);
  return limits;
}
