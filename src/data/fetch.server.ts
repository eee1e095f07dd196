import ky, { HTTPError, SchemaValidationError } from 'ky';
import { type Call, type DataOf, envelope, type RequestOf, SUCCESS } from '#api/common.ts';

/** Where the build reads the API: API_BASE_URL, e.g. http://127.0.0.1:4321/api. */
function apiBaseUrl(): string {
  const base = process.env.API_BASE_URL;
  if (!base) {
    throw new Error('The build reads the catalogue from the API: set API_BASE_URL (e.g. http://127.0.0.1:4321/api).');
  }
  return base.replace(/\/+$/, '');
}

/** Thrown when the API cannot give the build what it needs; the build stops with its message. */
class BuildDataError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BuildDataError';
  }
}

/**
 * Calls the API at build time and checks the answer against the contract; any failure stops the build.
 * `bearer` goes as `Authorization: Bearer` (the calls for builds, decision 0064) and never into a message.
 */
export async function callApi<C extends Call>(
  call: C,
  payload: RequestOf<C>,
  { bearer }: { bearer?: string | undefined } = {},
): Promise<DataOf<C>> {
  const url = `${apiBaseUrl()}${call.path}`;
  const where = `${call.method} ${url} ${JSON.stringify(payload)}`;
  let body: { code: number; msg: string; data: unknown };
  try {
    const options = call.method === 'GET' ? { searchParams: payload as Record<string, string> } : { json: payload };
    const headers = bearer ? { authorization: `Bearer ${bearer}` } : undefined;
    body = await ky(url, { method: call.method, timeout: 60_000, retry: 2, headers, ...options }).json(
      envelope(call.response),
    );
  } catch (error) {
    if (error instanceof SchemaValidationError) {
      const issue = error.issues[0];
      const path = issue?.path?.map((part) => (typeof part === 'object' ? part.key : part)).join('.') ?? '';
      throw new BuildDataError(
        `Build stopped: ${where} answered data that does not fit the contract at "${path}": ${issue?.message}`,
      );
    }
    if (error instanceof HTTPError) {
      const detail = typeof error.data === 'string' ? error.data : JSON.stringify(error.data ?? '');
      throw new BuildDataError(
        `Build stopped: ${where} answered HTTP ${error.response.status}: ${detail.slice(0, 300)}`,
      );
    }
    throw new BuildDataError(`Build stopped: ${where} failed: ${(error as Error).message}`, { cause: error });
  }
  if (body.code !== SUCCESS)
    throw new BuildDataError(`Build stopped: ${where} answered code ${body.code}: ${body.msg}`);
  return body.data as DataOf<C>;
}

type RecordOf<C extends Call> = DataOf<C> extends { records: (infer R)[] } ? R : never;

/**
 * Every record of a paged call, fetched a full page (999) at a time; each page's records are passed
 * through `keep` (when given) as they come, while the API makes the next page.
 */
export async function callAllPages<C extends Call>(
  call: C,
  payload: RequestOf<C>,
  keep: (record: RecordOf<C>) => RecordOf<C> = (record) => record,
): Promise<RecordOf<C>[]> {
  const records: RecordOf<C>[] = [];
  type Paged = { records: RecordOf<C>[]; pages: number };
  const pageOf = (pageNum: number) =>
    callApi(call, { ...(payload as object), pageNum, pageSize: 999 } as RequestOf<C>) as Promise<Paged>;
  let page = await pageOf(1);
  for (let pageNum = 1; ; pageNum++) {
    const next = pageNum < page.pages ? pageOf(pageNum + 1) : undefined;
    // Its failure is reported where it is awaited; if `keep` throws first, that error is the one.
    next?.catch(() => {});
    for (const record of page.records) records.push(keep(record));
    if (!next) break;
    page = await next;
  }
  return records;
}
