// The files of a build that a thread other than Astro's writes (page-finish.ts), which astro-preload.ts keeps
// Astro from writing too. One set in Astro's process, found through a global: the preload and the Astro
// config load their own copies of the modules they import.

import { getHook, HOOKS, setHook } from './hooks.ts';

/** Makes the process's set (astro-preload.ts, before Astro starts). */
export const startWrittenElsewhere = (): Set<string> => setHook(HOOKS.writtenElsewhere, new Set<string>());

/** The process's set, when astro-preload.ts made one; without it Astro writes every page itself. */
export const writtenElsewhere = (): Set<string> | undefined => getHook<Set<string>>(HOOKS.writtenElsewhere);
