/**
 * Polls `ready` every `everyMs` until it answers true or `timeoutMs` pass, without ever yielding this thread's
 * event loop, as a thread rendering pages seldom does: nothing reaches it by a message meanwhile. Answers
 * whether `ready` did.
 */
export function untilWithoutYielding(ready: () => boolean, everyMs: number, timeoutMs = 10_000): boolean {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const until = Date.now() + timeoutMs; Date.now() < until; ) {
    Atomics.wait(pause, 0, 0, everyMs);
    if (ready()) return true;
  }
  return false;
}
