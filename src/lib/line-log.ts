import { appendFileSync, closeSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

// A file of JSON lines, one value each, that a build keeps for the next one (the products between loads,
// each page's links between checks). A later line for a value's key replaces an earlier one, so a writer
// appends only what changed, and writes the file whole again when that would take it past twice the size
// it had when last written whole. A line cut short by a crash is skipped. For the build and the server
// only (Node's file system).

/** The lines of `values`, as `writeLineLog` appends them. */
export const linesOf = <T>(values: Iterable<T>) => {
  let text = '';
  for (const value of values) text += `${JSON.stringify(value)}\n`;
  return text;
};

/** The log's values by key (`keyOf`), each key's last line; empty when there is no log. */
export function readLineLog<T>(file: string, keyOf: (value: T) => unknown): Map<string, T> {
  const entries = new Map<string, T>();
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return entries;
  }
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      const value = JSON.parse(line) as T;
      const key = keyOf(value);
      if (typeof key === 'string') entries.set(key, value);
    } catch {
      // Cut short by a crash: that entry is older than its writer thought, or missing.
    }
  }
  return entries;
}

/** A log read and split but not parsed (`openLineLog`): each key's value is parsed when asked for. */
export interface OpenLineLog<T> {
  /** Whether some line holds the key. */
  has(key: string): boolean;
  /** The key's value: its last line that parses and gives that key (`keyOf`); undefined when none does. */
  value(key: string): T | undefined;
}

/**
 * Reads a log and finds each key's lines by their text (`keyOfLine`; a line it cannot tell is skipped),
 * leaving the parsing to `value`, so a caller can spread it over time (the products loader parses 70 MB
 * while the build waits on other things). Undefined when there is no log.
 */
export function openLineLog<T>(
  file: string,
  keyOf: (value: T) => unknown,
  keyOfLine: (line: string) => string | undefined,
): OpenLineLog<T> | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  const byKey = new Map<string, number[]>();
  for (let index = lines.length - 1; index >= 0; index--) {
    const key = keyOfLine(lines[index] as string);
    if (key === undefined) continue;
    const found = byKey.get(key);
    if (found) found.push(index);
    else byKey.set(key, [index]);
  }
  return {
    has: (key) => byKey.has(key),
    value(key) {
      for (const index of byKey.get(key) ?? []) {
        try {
          const value = JSON.parse(lines[index] as string) as T;
          if (keyOf(value) === key) return value;
        } catch {
          // Cut short by a crash: the line before it for the same key, if any.
        }
      }
      return undefined;
    },
  };
}

/** Whether the log is there with at least the size it had when written whole (`whole`), and at most twice it. */
export function lineLogFits(file: string, whole: number): boolean {
  try {
    const { size } = statSync(file);
    return whole > 0 && size >= whole && size <= 2 * whole;
  } catch {
    return false;
  }
}

/** Whether `appended` (lines) goes at the end of the log: it fits its whole size and stays within twice it. */
export function appendFits(file: string, whole: number, appended: string): boolean {
  return lineLogFits(file, whole) && statSync(file).size + Buffer.byteLength(appended) <= 2 * whole;
}

/**
 * Appends `changed` when the log fits its whole size (`whole`, from the last call) and stays within twice
 * it; otherwise writes `all()` whole (to a file beside it, renamed over it). Answers the whole size to keep
 * for the next call.
 */
export function writeLineLog<T>(
  file: string,
  { changed, all, whole }: { changed?: Iterable<T>; all: () => Iterable<T>; whole: number },
): number {
  mkdirSync(dirname(file), { recursive: true });
  const appended = changed && linesOf(changed);
  if (appended !== undefined && appendFits(file, whole, appended)) {
    appendFileSync(file, appended);
    return whole;
  }
  return writeWhole(file, all());
}

/** Lines written at a time by writeWhole. */
const CHUNK = 1 << 20;

/**
 * Writes the log whole, to a file beside it renamed over it, a megabyte of lines at a time: the text of a
 * whole log (a full build's links, 66 MB at 10,000 products) is never held at once. Answers its size.
 */
function writeWhole<T>(file: string, values: Iterable<T>): number {
  const fd = openSync(`${file}.tmp`, 'w');
  let size = 0;
  const write = (text: string) => {
    const bytes = Buffer.from(text);
    for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset);
    size += bytes.length;
  };
  try {
    let text = '';
    for (const value of values) {
      text += `${JSON.stringify(value)}\n`;
      if (text.length >= CHUNK) {
        write(text);
        text = '';
      }
    }
    write(text);
  } finally {
    closeSync(fd);
  }
  renameSync(`${file}.tmp`, file);
  return size;
}
