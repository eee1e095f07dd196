import { setTimeout as sleep } from 'node:timers/promises';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

// A bystander: a visitor whose page asks for the site's config (/system/config/list) again and again
// while something else happens to the server, timed from a worker thread of its own, so nothing the
// caller does on its own thread (building a 10 MB body, say) counts against the server. `npm run fuzz`
// runs one for the whole fuzz and reports how long its calls took.

/** One call of the bystander: when it was sent (ms on performance.timeOrigin's clock) and its time. */
export interface Sample {
  at: number;
  ms: number;
  ok: boolean;
}

interface Plan {
  api: string;
  pauseMs: number;
}

/** Now, in ms, on a clock all threads of the process share. */
export const clock = () => performance.timeOrigin + performance.now();

/** Starts a bystander calling `api` (the API's base URL), pausing `pauseMs` between calls; stop() gives its samples. */
export function startBystander(api: string, pauseMs = 10): { stop(): Promise<Sample[]> } {
  const worker = new Worker(new URL(import.meta.url), { workerData: { api, pauseMs } satisfies Plan });
  const samples = new Promise<Sample[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const result = await samples;
      await worker.terminate();
      return result;
    },
  };
}

/** The value at a percentile (nearest rank) of some times, 0 for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

async function bystand({ api, pauseMs }: Plan): Promise<Sample[]> {
  let stopped = false;
  parentPort?.once('message', () => {
    stopped = true;
  });
  const samples: Sample[] = [];
  while (!stopped) {
    const at = clock();
    let ok = false;
    try {
      const response = await fetch(`${api}/system/config/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"language":"en"}',
        signal: AbortSignal.timeout(30_000),
      });
      ok = response.status === 200 && ((await response.json()) as { code: number }).code === 200;
    } catch {
      ok = false;
    }
    samples.push({ at, ms: clock() - at, ok });
    await sleep(pauseMs);
  }
  return samples;
}

if (!isMainThread && (workerData as Plan | undefined)?.api) parentPort?.postMessage(await bystand(workerData as Plan));
