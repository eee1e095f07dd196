import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { link, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { AstroPrerenderer } from 'astro';
import type { KeptFile, SideBodyTaker } from '#data/side-body.ts';
import { getHook, HOOKS, setHook } from '../internals/hooks.ts';

// The side files: each page's `_payload.json` and the downloads under `/files/`, about half of what a build
// writes at 10,000 products (decision 0028). Astro's own loop spends about a millisecond a file on them
// (two awaited writes per file, its incremental cache's copy, a log line); they are plain data, so the build
// takes their routes out of that loop and writes them itself, beside the pages, with plain synchronous
// writes. A file whose route gives the same `cacheKey` as the last build into the same staging tree (and
// whose code is unchanged) is left as it is, so its modification time says it was not written this time.

/** What a side file's route gave: its path (from the site's root) and its `cacheKey`. */
export interface SidePath {
  pathname: string;
  cacheKey?: string | undefined;
}

/** Where the last build's keys are kept, in the staging state directory (src/build/site-build.ts). */
const KEYS_FILE = 'side-files.json';

interface KeptKeys {
  /** The code the files were made by (`codeDigest`): other code, every file is made again. */
  code: string;
  keys: Record<string, string>;
}

export interface SideFilesOptions {
  /** The site's output directory. */
  outDir: string;
  /** The staging state directory, when the build keeps one: without it every file is written. */
  state?: string | undefined;
  /** Digest of the code that makes the files. */
  code: string;
  /** How many files are rendered at once (each awaits its route, which may wait for a worker). */
  concurrency?: number;
  /**
   * Offered each file to write, with its bytes: true when it takes the file (page-finish.ts: a worker thread
   * writes it and its compressed copies, so the open and write leave the renderer's thread; the bytes of a
   * file taken may be moved there, leaving `body` empty); false, or without it, the file is written here.
   */
  write?: ((file: string, body: Uint8Array) => boolean) | undefined;
}

export interface SideFilesResult {
  /** Absolute paths of every side file of this build, written or not. */
  files: string[];
  written: number;
  unchanged: number;
  /** Absolute paths of the files written. */
  writtenFiles: string[];
  /** Absolute paths of the files the last build into the same state kept a key for, and this one has not. */
  goneFiles: string[];
}

/**
 * The keys this process last wrote to a state directory: a warm build takes them rather than read them
 * again, and does not look up the files they name (50,000 at 10,000 products): this process wrote or found
 * each of them. The staging tree is this process's alone while it builds (work-dir.ts); another process's
 * build makes the next one cold, in a new process.
 */
let lastKept: { state: string; kept: KeptKeys } | undefined;

/** Whether this process built before (a warm build, decision 0076): only then are its confirmations used. */
const builtBefore = () => (getHook<number>(HOOKS.buildGeneration) ?? 0) > 0;

/**
 * Links `file` to a kept file. A name taken (by the last build's file) is freed and linked again, so no
 * later write through it reaches the kept file, nor this a release's. Freed only then: removing first
 * every time (`rm`: a look at the name, and one promise more) cost 0.5 s more CPU for 30,000 new names
 * (measured apart), as many as a full build's downloads at 10,000 products.
 */
async function linkKept(kept: string, file: string): Promise<void> {
  try {
    await link(kept, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    await rm(file, { force: true });
    await link(kept, file);
  }
}

/**
 * Writes the side files of a build: each path is rendered by `render` (its route's endpoint, through
 * Astro's prerenderer) unless the last build into the same state gave it the same key and it is there.
 */
export async function writeSideFiles(
  paths: readonly SidePath[],
  render: (pathname: string) => Promise<Uint8Array | KeptFile>,
  { outDir, state, code, concurrency = 8, write }: SideFilesOptions,
): Promise<SideFilesResult> {
  const trusted = builtBefore();
  const ours = trusted && lastKept !== undefined && lastKept.state === state;
  const before = state ? (ours ? lastKept?.kept : readKeys(state)) : undefined;
  const kept = before?.code === code ? before.keys : {};
  const keys: Record<string, string> = {};
  const files: string[] = new Array(paths.length);
  const made = new Set<string>();
  const writtenFiles: string[] = [];
  let written = 0;
  let next = 0;
  const work = async () => {
    for (let index = next++; index < paths.length; index = next++) {
      const { pathname, cacheKey } = paths[index] as SidePath;
      const file = outputFile(outDir, pathname);
      files[index] = file;
      if (cacheKey !== undefined && kept[pathname] === cacheKey && (ours || existsSync(file))) {
        keys[pathname] = cacheKey;
        continue;
      }
      const body = await render(pathname);
      const inFolder = () => {
        const folder = dirname(file);
        if (!made.has(folder)) {
          mkdirSync(folder, { recursive: true });
          made.add(folder);
        }
      };
      if (!(body instanceof Uint8Array)) {
        // A kept file (a download, decision 0083): linked, its bytes neither read nor written again.
        inFolder();
        await linkKept(body.kept, file);
      } else if (!write?.(file, body)) {
        inFolder();
        writeFileSync(file, body);
      }
      written++;
      writtenFiles.push(file);
      if (cacheKey !== undefined) keys[pathname] = cacheKey;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, work));
  const produced = new Set(paths.map(({ pathname }) => pathname));
  const goneFiles = Object.keys(kept)
    .filter((pathname) => !produced.has(pathname))
    .map((pathname) => outputFile(outDir, pathname));
  // Nothing written and nothing gone: every key is the one kept, and the file says so already.
  if (state && (written > 0 || goneFiles.length > 0 || before?.code !== code || !trusted)) {
    const temporary = join(state, `${KEYS_FILE}.tmp`);
    writeFileSync(temporary, JSON.stringify({ code, keys } satisfies KeptKeys));
    renameSync(temporary, join(state, KEYS_FILE));
  }
  if (state) lastKept = { state, kept: { code, keys } };
  return { files, written, unchanged: paths.length - written, writtenFiles, goneFiles };
}

/**
 * A response's body as one byte array. A body made from bytes comes as one chunk, answered as it is:
 * `arrayBuffer()` would copy it once more, and each copy of a build's files counts towards the external
 * memory that starts V8's full collections (issue 17).
 */
export async function bodyBytes(response: Response): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  if (response.body) {
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  }
  if (chunks.length === 1 && chunks[0]?.byteOffset === 0 && chunks[0].byteLength === chunks[0].buffer.byteLength) {
    return chunks[0];
  }
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The files of side paths made so far, for one output directory: a warm build asks for 60,000 again. */
const madeFiles = { outDir: '', files: new Map<string, string>() };

/** The file of a side path: the path itself under outDir (side routes are files with an extension). */
export function outputFile(outDir: string, pathname: string): string {
  if (madeFiles.outDir !== outDir) {
    madeFiles.outDir = outDir;
    madeFiles.files.clear();
  }
  let file = madeFiles.files.get(pathname);
  if (file === undefined) {
    file = sideFile(outDir, pathname);
    madeFiles.files.set(pathname, file);
  }
  return file;
}

function sideFile(outDir: string, pathname: string): string {
  const root = resolve(outDir);
  const file = join(root, decodeURI(pathname));
  if (!file.startsWith(root + sep) || !/\.\w+$/.test(pathname)) {
    throw new Error(`A side file's path must be a file inside the site: ${pathname}`);
  }
  return file;
}

function readKeys(state: string): KeptKeys | undefined {
  try {
    const kept = JSON.parse(readFileSync(join(state, KEYS_FILE), 'utf8')) as KeptKeys;
    return typeof kept.code === 'string' && kept.keys && typeof kept.keys === 'object' ? kept : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A digest of the code that makes the side files: every source file under `dirs` (the project's `src`) and
 * the lockfile, by path, size and modification time. Any change makes every side file again once, which
 * costs seconds; a stale payload after a code change would cost more.
 */
export function codeDigest(root: string, dirs: readonly string[], files: readonly string[]): string {
  const hash = createHash('sha256');
  const add = (path: string) => {
    const found = statSync(path, { throwIfNoEntry: false });
    if (found?.isFile()) hash.update(`${relative(root, path)}\0${found.size}\0${found.mtimeMs}\n`);
  };
  for (const dir of dirs) {
    const entries = readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
    for (const path of entries) add(path);
  }
  for (const file of files) add(join(root, file));
  return hash.digest('hex').slice(0, 32);
}

/**
 * Wraps Astro's prerenderer so that the routes of `components` (e.g. `src/pages/[...payload].ts`) leave
 * Astro's loop: their paths are written by `writeSideFiles` beside the pages, and the build waits for them
 * before it finishes. `done` answers what was written, for the steps after Astro.
 */
export function sidePrerenderer(
  base: AstroPrerenderer,
  {
    components,
    site,
    options,
    log,
    pagesDone,
  }: {
    components: ReadonlySet<string>;
    site: URL;
    options: () => SideFilesOptions;
    log: (line: string) => void;
    /** Work for this thread once the pages are rendered, while the side files are still being written. */
    pagesDone?: () => Promise<unknown>;
  },
): { prerenderer: AstroPrerenderer; done: () => Promise<SideFilesResult | undefined> } {
  let pending: Promise<SideFilesResult> | undefined;
  takeSideBodies();
  const render = async (pathname: string, routeData: Parameters<AstroPrerenderer['render']>[1]['routeData']) => {
    const given: GivenBody = {};
    const request = new Request(new URL(pathname, site));
    const rendered = await givenBodies.run(given, () => base.render(request, { routeData }));
    const response = rendered instanceof Response ? rendered : rendered.response;
    if (!response.ok) throw new Error(`${pathname} answered ${response.status} while the site was built`);
    if (given.body === undefined) return await bodyBytes(response);
    return typeof given.body === 'object' && 'kept' in given.body ? given.body : ownBytes(given.body);
  };
  const prerenderer: AstroPrerenderer = {
    ...base,
    name: `${base.name}+side-files`,
    async getStaticPaths() {
      const all = await base.getStaticPaths();
      const side = all.filter(({ route }) => components.has(route.component));
      const routes = new Map(side.map(({ pathname, route }) => [pathname, route]));
      const started = performance.now();
      pending = writeSideFiles(
        side,
        (pathname) => render(pathname, routes.get(pathname) as Parameters<typeof render>[1]),
        options(),
      ).then((result) => {
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        log(
          `${result.files.length} side files: ${result.written} written, ${result.unchanged} unchanged (${seconds} s)`,
        );
        return result;
      });
      // Settled here too, so a build that fails elsewhere first reports its own error, not this one.
      pending.catch(() => {});
      return all.filter(({ route }) => !components.has(route.component));
    },
    async teardown() {
      await base.teardown?.();
      // The pages are done: the build's render step ends when the side files are written too.
      if (pending) await Promise.all([pending, pagesDone?.()]);
    },
  };
  return { prerenderer, done: async () => (pending ? await pending : undefined) };
}

/** The body a side file's route handed over (src/data/side-body.ts), in its render. */
interface GivenBody {
  body?: string | Uint8Array | KeptFile;
}

const givenBodies = new AsyncLocalStorage<GivenBody>();

/** Has a side file's route hand its body to the render under way (`sideFileResponse`), if any. */
function takeSideBodies(): void {
  const take: SideBodyTaker = (body) => {
    const given = givenBodies.getStore();
    if (!given || given.body !== undefined) return false;
    given.body = body;
    return true;
  };
  setHook<SideBodyTaker>(HOOKS.sideBody, take);
}

const utf8 = new TextEncoder();

/**
 * A body as bytes with a buffer of their own, which a writer may move to another thread: text is encoded;
 * bytes that share their buffer (a small Buffer from Node's pool) are copied.
 */
export function ownBytes(body: string | Uint8Array): Uint8Array<ArrayBuffer> {
  if (typeof body === 'string') return utf8.encode(body);
  if (body.byteOffset === 0 && body.byteLength === body.buffer.byteLength && body.buffer instanceof ArrayBuffer) {
    return body as Uint8Array<ArrayBuffer>;
  }
  return new Uint8Array(body);
}
