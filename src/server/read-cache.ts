import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Queryable } from './db/index.ts';

const gzipBytes = promisify(gzip);

// The catalogue's read calls answered from memory, keyed by the change feed's last change (issue 41,
// item 3; decision 0075). Every content write records its entities in content_change in its own
// transaction (migration 008's triggers), so the feed's version is what those answers depend on: a read
// asks the database for it (one tiny indexed query, shared by the reads that arrive while one is under
// way), and answers from the cache when the version is the one its answer was made at. A write through any
// process, or SQL typed into the database, changes the version the next read sees.

/** What a read answers: the envelope's JSON, encoded once (a hit sends the bytes as they are), and its HTTP status. */
export interface CachedAnswer {
  status: 200 | 404;
  body: Uint8Array<ArrayBuffer>;
}

/** Answers smaller than this are sent as they are: gzip would save a few hundred bytes at most. */
export const GZIP_FROM_BYTES = 1024;

/** The feed's version as a read saw it. */
interface Version {
  /** The newest change row and the pruned mark, as one string. */
  key: string;
  /**
   * No transaction was running when it was read: every change with a number up to the newest had
   * committed, so an answer made from here on may be kept under it (see version()).
   */
  settled: boolean;
}

export interface ReadCache {
  /** The version to answer under: read after the call arrived. */
  version(): Promise<Version>;
  /** The answer kept for `key` at `version`, if any (and it becomes the most recently used). */
  get(version: Version, key: string): CachedAnswer | undefined;
  /** Keeps an answer made after `version` was read, when the version allows it and it fits. */
  set(version: Version, key: string, answer: CachedAnswer): void;
  /**
   * The kept answer's body gzipped, made on the first call (off the main thread) and kept with it, counted
   * in the bound; undefined when it is not kept or under GZIP_FROM_BYTES.
   */
  gzipped(version: Version, key: string): Promise<Uint8Array<ArrayBuffer>> | undefined;
  /** What the cache holds: answers and their bytes. */
  readonly size: { entries: number; bytes: number };
}

/** The default bound on the bytes of kept answers (their keys and bodies): READ_CACHE_MB. */
export const READ_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The version: the newest change's number and the pruned mark (which moves whenever pruning deletes
 * rows, so that a number can never come back after pruning emptied the table), and whether the snapshot
 * had no running transaction. A transaction still running may hold a change number below the newest
 * committed one (numbers are taken in insert order, transactions commit in any order): the version would
 * not move when it commits. So answers are kept only under a settled version: any change after it takes a
 * higher number. Any transaction counts, a cart's too, so busy writing lowers the hit rate, never
 * correctness.
 */
const VERSION_SQL = `select coalesce((select max(seq) from content_change), 0)::text || ':' ||
    (select below from content_change_pruned)::text as key,
  pg_snapshot_xmin(s) = pg_snapshot_xmax(s) as settled
  from pg_current_snapshot() s`;

/** A cache of at most `maxBytes` of answers, least recently used first out; 0 keeps nothing. */
export function createReadCache(db: Queryable, maxBytes = READ_CACHE_BYTES): ReadCache {
  const answers = new Map<
    string,
    CachedAnswer & { bytes: number; gzip?: Promise<Uint8Array<ArrayBuffer>> | undefined }
  >();
  let bytes = 0;
  /** The version the kept answers belong to. */
  let current: string | undefined;
  let running: Promise<Version> | undefined;
  let queued: Promise<Version> | undefined;

  const read = async (): Promise<Version> => {
    const [row] = await db.query<{ key: string; settled: boolean }>(VERSION_SQL);
    const version = { key: row?.key ?? '', settled: row?.settled === true };
    // Versions are read one at a time, so a different one is newer: what was kept is out of date.
    if (version.key !== current) {
      answers.clear();
      bytes = 0;
      current = version.key;
    }
    return version;
  };
  /** Drops the least recently used answers until the kept bytes are within the bound. */
  const keepWithinBound = () => {
    for (const [oldest, kept] of answers) {
      if (bytes <= maxBytes) break;
      answers.delete(oldest);
      bytes -= kept.bytes;
    }
  };
  const start = (): Promise<Version> => {
    running = read().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    version() {
      if (!running) return start();
      // A read under way may have taken its snapshot before this call arrived (and before a write it
      // follows): the calls that arrive meanwhile share the next one, sent when it ends.
      queued ??= running
        .catch(() => undefined)
        .then(() => {
          queued = undefined;
          return start();
        });
      return queued;
    },
    get(version, key) {
      if (version.key !== current) return undefined;
      const answer = answers.get(key);
      if (!answer) return undefined;
      answers.delete(key);
      answers.set(key, answer);
      return answer;
    },
    set(version, key, answer) {
      if (!version.settled || version.key !== current) return;
      const size = Buffer.byteLength(key) + answer.body.byteLength;
      if (size > maxBytes) return;
      const old = answers.get(key);
      if (old) {
        answers.delete(key);
        bytes -= old.bytes;
      }
      answers.set(key, { ...answer, bytes: size });
      bytes += size;
      keepWithinBound();
    },
    gzipped(version, key) {
      if (version.key !== current) return undefined;
      const answer = answers.get(key);
      if (!answer || answer.body.byteLength < GZIP_FROM_BYTES) return undefined;
      if (!answer.gzip) {
        const made = current;
        answer.gzip = gzipBytes(answer.body).then((zipped) => {
          const body = new Uint8Array(zipped.buffer as ArrayBuffer, zipped.byteOffset, zipped.byteLength);
          // Still kept under the same version: its copy counts in the bound from now on.
          if (made === current && answers.get(key) === answer) {
            answer.bytes += body.byteLength;
            bytes += body.byteLength;
            keepWithinBound();
          }
          return body;
        });
      }
      return answer.gzip;
    },
    get size() {
      return { entries: answers.size, bytes };
    },
  };
}
