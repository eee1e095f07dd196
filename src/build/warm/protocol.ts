// The messages between the warm builder (parent.ts, in the process that runs builds) and Astro's process
// it keeps up (child.ts), over Node's IPC channel (decision 0076).

/** To Astro's process. */
export type WarmRequest =
  /** Build what changed since the last build, as build `buildId`; files modified from `since` count as written. */
  | { kind: 'build'; buildId: string; since: number }
  /** End when the build under way (if any) is done. */
  | { kind: 'exit' };

/** From Astro's process. */
export type WarmAnswer =
  /** Its first (cold) build is finished and it waits for the next. */
  | { kind: 'ready' }
  /** A warm build is finished into the staging tree: pages rendered, and kept as they were. */
  | { kind: 'built'; rendered: number; reused: number }
  /** Nothing a page shows changed since its last build (no collection, no product): it wrote nothing. */
  | { kind: 'unchanged' }
  /** It cannot take this change: a cold build must (nothing was written). */
  | { kind: 'cold'; reason: string }
  /** The warm build failed (the tree may be part-written: the builder discards it). */
  | { kind: 'failed'; message: string };
