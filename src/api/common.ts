import * as v from 'valibot';

/** Languages of the API: `zh` for Chinese, otherwise `en`. */
const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The `language` field every payload carries; absent means English. */
export const LanguageField = v.optional(v.picklist(LANGUAGES), 'en');

/** The success code; anything else is an error. */
export const SUCCESS = 200;

export const MAX_PAGE_SIZE = 999;

export const Id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647));

/** Paging fields of a page request. */
export const PageFields = {
  pageNum: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000)), 1),
  pageSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_PAGE_SIZE)), 10),
};

/** A request with only a language. */
export const LanguageRequest = v.object({ language: LanguageField });

/** A request for one record by id. */
export const IdRequest = v.object({ language: LanguageField, id: Id });

/** The `{code, msg, data}` envelope around every response. */
export function envelope<T extends v.GenericSchema>(data: T) {
  return v.object({ code: v.number(), msg: v.string(), data });
}

/** The page shape of paged results. */
export function page<T extends v.GenericSchema>(record: T) {
  return v.object({
    records: v.array(record),
    total: v.number(),
    size: v.number(),
    current: v.number(),
    pages: v.number(),
  });
}

export type Page<T> = { records: T[]; total: number; size: number; current: number; pages: number };

/** An ISO 8601 timestamp. */
export const Timestamp = v.pipe(v.string(), v.isoTimestamp());

/** A picture in two densities. */
export const Image = v.object({ src: v.string(), src2x: v.string(), alt: v.string() });
export type Image = v.InferOutput<typeof Image>;

/** One call of the API: where it lives, what it takes and what its `data` holds. */
export interface Call<Req extends v.GenericSchema = v.GenericSchema, Res extends v.GenericSchema = v.GenericSchema> {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  tag: string;
  request: Req;
  response: Res;
  /**
   * The field that carries a file: the call also takes multipart/form-data, within its limits (the server's
   * body/file-limits.ts). Other calls take JSON only, within the app's body limit.
   */
  multipart?: string;
}

export function defineCall<Req extends v.GenericSchema, Res extends v.GenericSchema>(
  call: Call<Req, Res>,
): Call<Req, Res> {
  return call;
}

export type RequestOf<C extends Call> = v.InferInput<C['request']>;
export type ParsedRequestOf<C extends Call> = v.InferOutput<C['request']>;
export type DataOf<C extends Call> = v.InferOutput<C['response']>;
