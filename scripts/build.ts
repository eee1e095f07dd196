// `npm run build [-- astro build options]`: `astro build` into `dist/` from the API at API_BASE_URL, in a
// process with the heap and allocator settings the rebuilds use (ASTRO_HEAP_FLAGS, astroMemoryEnv in
// src/build/site-build.ts; decisions 0033-0035), so a plain build at 10,000 products stays under 1 GB too.
// With EDITOR_TOKEN the products loader reads the change feed with it and loads only what changed since
// its last load (node_modules/.astro); without, it reads every product (decision 0064).
import { spawn } from 'node:child_process';
import { ASTRO_HEAP_FLAGS, astroBin, astroMemoryEnv } from '#build/astro-process.ts';
import { handoffEnv } from '#build/handoff.ts';

const child = spawn(process.execPath, [...ASTRO_HEAP_FLAGS, astroBin, 'build', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...process.env,
    ...astroMemoryEnv(),
    ...handoffEnv({ feedCredential: process.env.EDITOR_TOKEN || undefined }),
  },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.once('exit', (code, signal) => {
  if (!signal) process.exit(code ?? 1);
  // Ended by a signal: this process ends by the same one (its own listeners off first), as `astro build` would.
  process.removeAllListeners(signal);
  process.kill(process.pid, signal);
});
