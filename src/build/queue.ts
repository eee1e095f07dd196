import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '#server/db/index.ts';

// The rebuild queue (migration 010, DESIGN.md section 8). A trigger (`POST /api/editor/rebuild`,
// `npm run rebuild`) queues a build, or joins the one already waiting; a builder (an API process with a
// site to publish) takes the waiting build when none runs anywhere, builds, verifies and publishes it,
// and takes the next. Triggers during a build therefore give exactly one more build.

type BuildState = 'queued' | 'building' | 'published' | 'failed';

export interface BuildRow {
  id: string;
  status: BuildState;
  requested_by: string;
  requested_at: string;
  started_at: string | null;
  finished_at: string | null;
  pages_total: number | null;
  pages_rendered: number;
  pages_reused: number;
  eta_ms: number | null;
  changes: number | null;
  release: string | null;
  error: string | null;
}

const UNIQUE_VIOLATION = '23505';
export const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === UNIQUE_VIOLATION;

/**
 * Queues a build, or answers the one already waiting (coalesced). `requestedBy` names who asked, as the
 * audit trail does (an editor's email, or `shell:<user>@<host>`); the trail's entry goes in the same
 * transaction when `db` is one.
 */
export async function requestBuild(
  db: Queryable,
  requestedBy: string,
): Promise<{ buildId: string; coalesced: boolean }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = newBuildId();
    try {
      const [row] = await db.query<{ id: string }>(
        `insert into site_build (id, status, requested_by) values ($1, 'queued', $2)
         on conflict ((true)) where status = 'queued' do nothing returning id`,
        [id, requestedBy],
      );
      if (row) return { buildId: row.id, coalesced: false };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const [waiting] = await db.query<{ id: string }>("select id from site_build where status = 'queued'");
    if (waiting) return { buildId: waiting.id, coalesced: true };
    // The waiting build was taken between the two statements: queue again.
  }
  throw new Error('Could not queue a build: the queue kept changing.');
}

export async function buildStatus(db: Db, id: string): Promise<BuildRow | undefined> {
  const [row] = await db.query<BuildRow>(
    `select id, status, requested_by, requested_at::text, started_at::text, finished_at::text, pages_total,
            pages_rendered, pages_reused, eta_ms, changes, release, error
     from site_build where id = $1`,
    [id],
  );
  return row;
}

/** A build's id: the time it was asked for, to the millisecond, then a random part; ids sort by time. */
export function newBuildId(): string {
  // Two ids asked for in the same millisecond of this process still sort in the order they were made.
  lastIdTime = Math.max(Date.now(), lastIdTime + 1);
  return `${new Date(lastIdTime).toISOString().replace(/\D/g, '').slice(0, 17)}-${randomBytes(3).toString('hex')}`;
}
let lastIdTime = 0;

/** The releases a builder publishes into (builder.ts, `releasesOf`), for listing and rolling back. */
export interface Releases {
  /** The releases kept, oldest first, the published one marked, each with when it was published. */
  list(): Promise<{ id: string; current: boolean; publishedAt: string | null }[]>;
  /** Publishes the release named again (one of those kept), in one rename; answers the one it replaced. */
  rollback(to: string): Promise<{ from: string; to: string }>;
}

/**
 * What takes builds off the queue and publishes them (builder.ts): the API process that serves a site runs
 * one, and wakes it when an editor asks for a build.
 */
export interface Builder {
  /** Takes queued builds until none is left (resolves when this round is done). */
  kick(): Promise<void>;
  /** Stops looking for builds and waits for the one running to end. */
  close(): Promise<void>;
  /** What it has published: the releases, which an editor may roll back to. */
  releases: Releases;
  /** Previews of the content as saved, for the editors' workspace (issue 39, item 5). */
  previews: Previews;
}

/**
 * Previews: the site built from the content as it is saved now, unpublished, into a directory of its own
 * (`dir`, a link to its latest build as a published site is), with the site's own components. A preview
 * asked for while one builds waits for the next, which sees the save that came before it.
 */
export interface Previews {
  dir: string;
  build(): Promise<{ ms: number; rendered: number; reused: number }>;
}
