import * as v from 'valibot';
import { defineCall, Id, LanguageField } from './common.ts';
import { AgreeToTerms, Email, hasControlCharacter, optionalText, requiredText } from './fields.ts';

/** What a buyer asks for; the sales mail's subject names it. */
export const INQUIRY_TYPES = ['quote', 'support', 'general'] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];

/** The application industries of the form's select (labels: `inquiry.industry.<key>`). */
export const INDUSTRIES = [
  'semiconductor',
  'life-sciences',
  'materials',
  'chemistry',
  'physics',
  'industrial',
  'education',
  'other',
] as const;
export type Industry = (typeof INDUSTRIES)[number];

/** The largest attachment, in bytes (10 MiB). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** The largest inquiry request: the file, and room for its fields and the multipart framing. */
export const INQUIRY_MAX_BODY_BYTES = MAX_ATTACHMENT_BYTES + 256 * 1024;
/** The kinds of attachment taken, as their content shows them (never by the file's name). */
export const ATTACHMENT_TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain',
  zip: 'application/zip',
} as const;
export type AttachmentKind = keyof typeof ATTACHMENT_TYPES;
/** For the file picker's `accept`: a hint to the browser; the server checks the content. */
export const ATTACHMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.docx,.xlsx,.txt,.zip';

/** A file sent with a multipart request, as the router hands it over. */
export interface Upload {
  name: string;
  /** What the browser said it is: not trusted. */
  type: string;
  bytes: Uint8Array;
}
/** The server gets an Upload; the browser passes the picked File, which `call` sends as multipart. */
export const isFile = (value: unknown): value is Upload | File =>
  (typeof Blob !== 'undefined' && value instanceof Blob) ||
  (typeof value === 'object' &&
    value !== null &&
    typeof (value as Upload).name === 'string' &&
    (value as Upload).bytes instanceof Uint8Array);

/** A tick box: JSON true/false, or a form field's "true"/"on"/"false" (absent is false). */
const Tick = v.optional(
  v.union([
    v.boolean(),
    v.pipe(
      v.picklist(['true', 'on', 'false']),
      v.transform((value) => value !== 'false'),
    ),
  ]),
  false,
);

/** A category id as JSON or as a form field's digits. */
const IdLike = v.union([Id, v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number), Id)]);

/** The message: lines allowed, at most 5,000 characters. */
const Message = v.pipe(
  v.string('validation.required.message'),
  // A browser sends a textarea's line breaks as CRLF; kept as LF, as typed.
  v.transform((text: string) => text.replace(/\r\n?/g, '\n')),
  v.trim(),
  v.nonEmpty('validation.required.message'),
  v.maxLength(5000, 'validation.tooLong'),
  v.check((text: string) => !hasControlCharacter(text, true), 'validation.controlCharactersMultiline'),
);

/**
 * The fields a person fills in, shared by the form (which checks them as you type) and the server.
 * Required as SPEC.md section 5 prompts them; the attachment is optional (decision 0020).
 */
export const InquiryForm = v.object({
  inquiryType: v.picklist(INQUIRY_TYPES, 'validation.required.inquiryType'),
  fullName: requiredText('validation.required.fullName', 100),
  email: Email,
  company: requiredText('validation.required.company'),
  department: requiredText('validation.required.department'),
  country: requiredText('validation.required.country', 100),
  productModel: requiredText('validation.required.productModel'),
  message: Message,
  interestProducts: v.pipe(
    v.optional(
      v.union([
        v.array(IdLike),
        v.pipe(
          IdLike,
          v.transform((id) => [id]),
        ),
      ]),
      [],
    ),
    v.minLength(1, 'validation.required.interestProducts'),
    v.maxLength(50, 'validation.tooLong'),
  ),
  applicationIndustry: v.picklist(INDUSTRIES, 'validation.required.applicationIndustry'),
  agreeToTerms: v.pipe(Tick, AgreeToTerms),
  subscribe: Tick,
  /** For the newsletter, when `subscribe` is ticked. */
  phone: optionalText(32),
});
export type InquiryForm = v.InferInput<typeof InquiryForm>;

export const inquirySubmit = defineCall({
  method: 'POST',
  path: '/inquiry/submit',
  tag: 'inquiry',
  multipart: 'attachment',
  summary:
    'Sends the contact form: `multipart/form-data` (fields below, `interestProducts` repeated, the file as `attachment`) or JSON without a file. The attachment is at most 10 MB, a PDF, PNG, JPEG, DOCX, XLSX, plain text or ZIP file as its content shows (not its name). The inquiry and its file are stored before any mail is tried; the sales team gets it by mail (with the file) and the sender an acknowledgement in the request language. `submissionId` (a UUID the form makes when it opens) makes a second submit of the same form answer the first inquiry instead of making another. Limited per address and per email (429).',
  request: v.object({
    ...InquiryForm.entries,
    language: LanguageField,
    submissionId: v.pipe(v.string('validation.submission'), v.uuid('validation.submission')),
    attachment: v.optional(v.custom<Upload | File>(isFile, 'validation.attachmentFile')),
  }),
  response: v.object({
    /** The inquiry's number, for the sender's reference. */
    inquiryId: Id,
    /** False when this submit repeated one already received (same submissionId). */
    created: v.boolean(),
  }),
});

/** What the newsletter calls answer: the same whatever the address's state, so nothing is learned from it. */
const NewsletterAnswer = v.object({
  status: v.picklist(['pending', 'confirmed', 'unsubscribed']),
});

export const newsletterSubscribe = defineCall({
  method: 'POST',
  path: '/newsletter/subscribe',
  tag: 'newsletter',
  summary:
    'Asks for the newsletter: sends a confirmation link to the address (double opt-in) and answers `pending`, whether or not the address was known; an address already confirmed gets no second mail. Limited per address and per email (429).',
  request: v.object({ language: LanguageField, email: Email, phone: optionalText(32) }),
  response: NewsletterAnswer,
});

const Token = v.pipe(
  v.string('validation.newsletterToken'),
  v.regex(/^[A-Za-z0-9_-]{20,100}$/, 'validation.newsletterToken'),
);

export const newsletterConfirm = defineCall({
  method: 'POST',
  path: '/newsletter/confirm',
  tag: 'newsletter',
  summary: 'Confirms a subscription with the token of the confirmation link; 404 when the link is unknown or used up.',
  request: v.object({ language: LanguageField, token: Token }),
  response: NewsletterAnswer,
});

export const newsletterUnsubscribe = defineCall({
  method: 'POST',
  path: '/newsletter/unsubscribe',
  tag: 'newsletter',
  summary:
    'Unsubscribes with the token of the link in every newsletter mail, without logging in; answering it again is harmless. 404 when the token is unknown.',
  request: v.object({ language: LanguageField, token: Token }),
  response: NewsletterAnswer,
});
