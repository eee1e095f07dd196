import type { Context } from 'hono';
import type { Call } from '#api/common.ts';
import type { Upload } from '#api/inquiry.ts';
import { ApiError } from '../errors.ts';
import { type FileLimits, fileLimitsOf } from './file-limits.ts';
import { bodyOverLimit } from './limit.ts';
import { boundaryOf, type FormPart, MultipartError, type MultipartLimits, readMultipart } from './multipart.ts';

// What a call's request body may be, read before anything else of the request (decision 0062): JSON
// with `Content-Type: application/json` for every POST, and multipart/form-data besides only for a call
// that takes a file (src/api: `multipart`). Any other type is refused unread, so a page on another site
// cannot post to the API with a form or `text/plain` (neither needs the browser to ask first).

/** The most parts a form may have: the inquiry form sends at most 65 (50 interest categories). */
export const MAX_FORM_PARTS = 100;
/** The most bytes of one form field: the longest, the inquiry's message, is 5,000 characters. */
export const MAX_FORM_FIELD_BYTES = 64 * 1024;
/** The most bytes of one part's headers: its name, file name and type. */
const MAX_PART_HEADER_BYTES = 8 * 1024;

/** The media type of a Content-Type header: lower case, without its parameters. */
const mediaType = (contentType: string) => (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();

const fieldText = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * A multipart form as an object: a field sent once is a string, a field sent more than once (a
 * multiple select) an array, a file an Upload; an empty file input (no file chosen) is left out.
 */
async function readForm(
  c: Context,
  contentType: string,
  fileField: string,
  { maxFileBytes, tooLarge }: FileLimits,
): Promise<Record<string, unknown>> {
  const boundary = boundaryOf(contentType);
  if (boundary === undefined) throw new ApiError(400, 'api.invalidForm');
  const limits: MultipartLimits = {
    parts: MAX_FORM_PARTS,
    fieldBytes: MAX_FORM_FIELD_BYTES,
    fileBytes: maxFileBytes,
    headerBytes: MAX_PART_HEADER_BYTES,
    fileField,
  };
  let parts: FormPart[];
  try {
    parts = await readMultipart(c.req.raw.body, boundary, limits);
  } catch (error) {
    if (!(error instanceof MultipartError)) throw new ApiError(400, 'api.invalidForm');
    switch (error.problem) {
      case 'tooManyParts':
        throw new ApiError(413, 'api.tooManyParts', { max: MAX_FORM_PARTS });
      case 'fieldTooLong':
        throw new ApiError(413, 'api.formFieldTooLong', { kb: MAX_FORM_FIELD_BYTES / 1024 });
      case 'fileTooLarge':
        throw new ApiError(413, tooLarge);
      case 'unexpectedFile':
        throw new ApiError(400, 'api.unexpectedFile', { field: fileField });
      default:
        throw new ApiError(400, 'api.invalidForm');
    }
  }
  const byName = new Map<string, unknown[]>();
  for (const part of parts) {
    const value =
      part.filename === undefined
        ? fieldText.decode(part.bytes)
        : part.filename === '' && part.bytes.length === 0
          ? undefined
          : ({ name: part.filename, type: part.type, bytes: part.bytes } satisfies Upload);
    if (value === undefined) continue;
    const values = byName.get(part.name);
    if (values) values.push(value);
    else byName.set(part.name, [value]);
  }
  // fromEntries defines each key as the object's own, `__proto__` too.
  return Object.fromEntries([...byName].map(([name, values]) => [name, values.length === 1 ? values[0] : values]));
}

async function readJson(c: Context): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    throw new ApiError(400, 'api.invalidJson');
  }
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'api.invalidJson');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ApiError(400, 'api.notAnObject');
  return value as Record<string, unknown>;
}

/** A request's input, as the object its call's schema checks: the query of a GET, the body of a POST. */
export async function readInput(c: Context, call: Call): Promise<unknown> {
  if (call.method === 'GET') return c.req.query();
  const contentType = c.req.header('content-type') ?? '';
  const media = mediaType(contentType);
  const form = media === 'multipart/form-data' && call.multipart;
  if (media !== 'application/json' && !form)
    throw new ApiError(400, call.multipart ? 'api.contentTypeForm' : 'api.contentType');
  try {
    return form ? await readForm(c, contentType, form, fileLimitsOf(call)) : await readJson(c);
  } catch (error) {
    // A streamed body cut off at its limit (limit.ts) fails the read that passed it.
    const over = bodyOverLimit(c);
    throw over ? new ApiError(413, over) : error;
  }
}
