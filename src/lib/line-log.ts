import { appendFileSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

// A file of JSON lines, one value each, that a build keeps for the next one (the products between loads,
// each page's links between checks). A later line for a value's key replaces an earlier one, so a writer
// appends only what changed, and writes the file whole again when that would take it past twice the size
// it had when last written whole. A line cut short by a crash is skipped. For the build and the server
// only (Node's file system).

const lines = <T>(values: Iterable<T>) => {
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

/** Whether the log is there with at least the size it had when written whole (`whole`), and at most twice it. */
export function lineLogFits(file: string, whole: number): boolean {
  try {
    const { size } = statSync(file);
    return whole > 0 && size >= whole && size <= 2 * whole;
  } catch {
    return false;
  }
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
  const appended = changed && lines(changed);
  if (
    appended !== undefined &&
    lineLogFits(file, whole) &&
    statSync(file).size + Buffer.byteLength(appended) <= 2 * whole
  ) {
    appendFileSync(file, appended);
    return whole;
  }
  const text = lines(all());
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
  return Buffer.byteLength(text);
}
