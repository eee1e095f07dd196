import { fork } from 'node:child_process';
import { copyFileSync, linkSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { strippedLoading } from './stripped/stripped.ts';

// Work on whole trees of files (a release has about 150,000 at 10,000 products) in a thread of its own:
// plain synchronous calls are the fastest way through that many files, and in a thread they do not hold
// up the process that asked, which may be the API answering visitors while an editor's rebuild runs.
// The thread (or process, `inProcess`) loads this file again; it imports nothing but Node's own modules and
// stripped.ts, which imports only those.

/** What a thread is asked to do. */
export type TreeTask =
  /** Removes these directories with everything in them. */
  | { kind: 'remove'; paths: string[] }
  /**
   * Makes `to` a copy of `from` in hard links, but for the files named in `skip`; answers the files linked,
   * as paths relative to `to`.
   */
  | { kind: 'link'; from: string; to: string; skip: string[] }
  /** Makes `to` a copy of `from`, every file a file of its own, but for the files named in `skip`. */
  | { kind: 'copy'; from: string; to: string; skip: string[] };

/** The files and folders under a root, as paths relative to it with `/` between parts. */
export interface Tree {
  files: string[];
  /** Each before the folders in it. */
  folders: string[];
}

/**
 * Lists a tree with one `readdir` a folder and no other call: four times as fast as Node's recursive
 * readdir with its `relative` paths, on 150,000 files.
 */
export function walkTree(root: string): Tree {
  const tree: Tree = { files: [], folders: [] };
  const pending = [''];
  for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
    for (const entry of readdirSync(folder ? `${root}/${folder}` : root, { withFileTypes: true })) {
      const name = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        tree.folders.push(name);
        pending.push(name);
      } else if (entry.isFile()) tree.files.push(name);
    }
  }
  return tree;
}

/**
 * Makes `to` hold every file of `from` but those in `skip`, each a hard link to its file (`link`) or a file of
 * its own (`copy`); answers the files placed, as paths relative to `to`. In the calling thread: `inThread`
 * runs it in one of its own.
 */
function placeTree(from: string, to: string, skip: readonly string[], how: 'link' | 'copy'): string[] {
  const skipped = new Set(skip);
  const { files, folders } = walkTree(from);
  mkdirSync(to, { recursive: true });
  for (const folder of folders) mkdirSync(`${to}/${folder}`);
  const placed = files.filter((name) => !skipped.has(name));
  const place = how === 'link' ? linkSync : copyFileSync;
  for (const name of placed) place(`${from}/${name}`, `${to}/${name}`);
  return placed;
}

/** Makes `to` a copy of `from` in hard links, in the calling thread, but for `skip`; answers the files linked. */
export const linkTree = (from: string, to: string, skip: readonly string[]) => placeTree(from, to, skip, 'link');

function run(task: TreeTask): unknown {
  if (task.kind === 'remove') {
    for (const path of task.paths) rmSync(path, { recursive: true, force: true });
    return undefined;
  }
  const placed = placeTree(task.from, task.to, task.skip, task.kind);
  return task.kind === 'link' ? placed : undefined;
}

/**
 * The one answer of a thread that does one task (`answerFromThread`): its result, or a rejection with its
 * error, or with `what` stopped when it ends without an answer.
 */
export function threadAnswer<T>(worker: Worker, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    let answered = false;
    worker.once('message', (message: { result?: T; error?: string }) => {
      answered = true;
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.result as T);
    });
    worker.once('error', (error) => {
      answered = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`${what} stopped (exit ${code}) before it answered`));
    });
  });
}

/** In a thread: answers what `task` gives, or the error it throws (`threadAnswer` takes it). */
export function answerFromThread(task: () => unknown): void {
  try {
    parentPort?.postMessage({ result: task() });
  } catch (error) {
    parentPort?.postMessage({ error: (error as Error).message });
  }
}

/** Runs a task in a thread of its own; answers its result, or rejects with its error. */
export function inThread(task: TreeTask & { kind: 'link' }): Promise<string[]>;
export function inThread(task: TreeTask & { kind: 'remove' | 'copy' }): Promise<undefined>;
export function inThread(task: TreeTask): Promise<unknown> {
  return threadAnswer(new Worker(new URL(import.meta.url), { workerData: { treeTask: task } }), 'the file thread');
}

/**
 * Runs a task in a process of its own, which ends with it: for the builder's process, which waits between
 * builds, where a thread's allocations would stay in glibc's arenas (decision 0078). Answers when it is
 * done; rejects with its error.
 */
export function inProcess(task: TreeTask & { kind: 'remove' | 'copy' }): Promise<undefined> {
  // This file from its stripped copy (decision 0084).
  const stripped = strippedLoading();
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, ...stripped.env, TREE_PROCESS_TASK: JSON.stringify(task) },
    execArgv: stripped.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let answered = false;
    child.once('message', (message: { error?: string }) => {
      answered = true;
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(undefined);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`the file process stopped (exit ${code}) before it answered`));
    });
  });
}

if (isMainThread && process.env.TREE_PROCESS_TASK && process.send) {
  const task = JSON.parse(process.env.TREE_PROCESS_TASK) as TreeTask;
  try {
    run(task);
    process.send({});
  } catch (error) {
    process.send({ error: (error as Error).message });
  }
  process.disconnect();
}

if (!isMainThread && (workerData as { treeTask?: TreeTask } | null)?.treeTask) {
  const task = (workerData as { treeTask: TreeTask }).treeTask;
  answerFromThread(() => run(task));
}
