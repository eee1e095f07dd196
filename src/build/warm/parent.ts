import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { codeDigest } from '../finish/side-files.ts';
import type { WarmAnswer, WarmRequest } from './protocol.ts';

// The warm builder's side in the process that runs builds (decision 0076): Astro's process kept up after a
// cold build (astro-process.ts starts it with an IPC channel), sent the next builds of the same staging tree.

/** The code a build is made by: another digest and the kept process is of other code. */
export const currentCode = (root = process.cwd()) =>
  codeDigest(root, ['src'], ['package-lock.json', 'astro.config.mjs']);

/** Astro's process, kept up after its build. */
export interface WarmProcess {
  /** The code digest it was started on. */
  readonly code: string;
  /** Whether it is still up and usable. */
  readonly alive: boolean;
  /** Where its output goes (the staging state's astro-output.log). */
  readonly logFile: string;
  /**
   * Has it build what changed as `buildId` (files from `since` count as written); `output` is given what
   * it printed meanwhile (its log file from where the last build's output ended).
   */
  build(
    buildId: string,
    since: number,
    output?: (text: string) => void,
  ): Promise<Exclude<WarmAnswer, { kind: 'ready' }>>;
  /** Ends it, after the build under way if any. */
  exit(): Promise<void>;
}

/** What was added to `file` from `offset`, as text, and where it ends. */
function readFrom(file: string, offset: number): { text: string; end: number } {
  const end = statSync(file, { throwIfNoEntry: false })?.size ?? offset;
  if (end <= offset) return { text: '', end: offset };
  const bytes = Buffer.alloc(end - offset);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, bytes, 0, bytes.length, offset);
  } finally {
    closeSync(fd);
  }
  return { text: bytes.toString('utf8'), end };
}

export function warmProcess(child: ChildProcess, logFile: string, code = currentCode()): WarmProcess {
  let alive = true;
  // Its output so far was read by the cold build's reader (astro-process.ts).
  let offset = statSync(logFile, { throwIfNoEntry: false })?.size ?? 0;
  child.once('exit', () => {
    alive = false;
  });
  const send = (request: WarmRequest) => child.send(request);
  return {
    code,
    logFile,
    get alive() {
      return alive && child.connected;
    },
    async build(buildId, since, output) {
      if (!alive || !child.connected) return { kind: 'cold', reason: "the warm builder's process ended" };
      const answered = new Promise<Exclude<WarmAnswer, { kind: 'ready' }>>((resolve) => {
        const take = (answer: WarmAnswer) => {
          if (answer.kind === 'ready') return;
          child.off('message', take);
          child.off('exit', ended);
          resolve(answer);
        };
        const ended = (code: number | null) => {
          child.off('message', take);
          resolve({ kind: 'failed', message: `the warm builder's process ended (exit code ${code})` });
        };
        child.on('message', take);
        child.once('exit', ended);
      });
      send({ kind: 'build', buildId, since });
      const answer = await answered;
      const printed = readFrom(logFile, offset);
      offset = printed.end;
      if (printed.text) output?.(printed.text);
      return answer;
    },
    async exit() {
      if (!alive) return;
      const exited = once(child, 'exit');
      if (child.connected) send({ kind: 'exit' });
      else child.kill();
      // An Astro process that does not end on its own within a while is ended.
      const timer = setTimeout(() => child.kill(), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The warm process of one staging tree, kept between builds by whoever builds it (the builder), with the
 * release it last published: a tree another process published since is not the one it knows.
 */
export interface WarmSlot {
  current?: { process: WarmProcess; release: string } | undefined;
}

/** Ends the slot's process, if any. */
export async function endWarm(slot: WarmSlot): Promise<void> {
  const kept = slot.current;
  slot.current = undefined;
  await kept?.process.exit();
}
