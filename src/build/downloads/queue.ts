import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResourceFile } from '#data/resource-render.ts';
import { getHook, HOOKS, setHook } from '../internals/hooks.ts';

// The downloads queued for the worker threads (cache.ts) and not taken yet. Kept on the global
// object, because the build's routes and its config load the modules apart: the config takes what is left
// once the pages are rendered. This module loads nothing that renders.

export interface Queued {
  /** The cache's directory. */
  dir: string;
  /** Taken from the front by the workers. */
  files: ResourceFile[];
  /** Settles a file made here, or not made (the route then renders it), as the workers' answer does. */
  settle: (file: ResourceFile) => void;
}

export function setQueued(queued: Queued): void {
  setHook(HOOKS.queuedDownloads, queued);
}

/** Writes a file's bytes into the cache: whole or not at all, so a build stopped half-way leaves no torn file. */
export function keep(path: string, bytes: Uint8Array): void {
  writeFileSync(`${path}.tmp`, bytes);
  renameSync(`${path}.tmp`, path);
}

/**
 * Once the pages are rendered, this thread makes the files still queued for the workers as well, from the
 * back of the queue while the workers take from its front: the end of a full build was the workers' queue,
 * with this thread waiting on it (issue 17). Answers how many it made.
 */
export async function makeQueuedHere(): Promise<number> {
  const queued = getHook<Queued>(HOOKS.queuedDownloads);
  let made = 0;
  for (let file = queued?.files.pop(); queued && file; file = queued.files.pop()) {
    try {
      keep(join(queued.dir, file.digest), file.render());
    } catch {
      // Left to the build's route, which renders it again and reports what fails.
    }
    queued.settle(file);
    made++;
    // The routes waiting on it write it meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return made;
}
