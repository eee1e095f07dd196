import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
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
  /** Has it build what changed as `buildId` (files from `since` count as written). */
  build(buildId: string, since: number): Promise<Exclude<WarmAnswer, { kind: 'ready' }>>;
  /** Ends it, after the build under way if any. */
  exit(): Promise<void>;
}

export function warmProcess(child: ChildProcess, logFile: string, code = currentCode()): WarmProcess {
  let alive = true;
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
    async build(buildId, since) {
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
      return answered;
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
