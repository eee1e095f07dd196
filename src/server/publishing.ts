import { type Releases, requestBuild } from '#build/queue.ts';
import { type Actor, actorLabel } from './auth/actor.ts';
import { recordAudit } from './db/audit.ts';
import type { Db } from './db/index.ts';
import { ApiError } from './errors.ts';

// Rebuilds and rollbacks as an editor's call, the control channel and the CLIs make them: each with its
// entry in the audit trail (decision 0063).

/** Queues a build (or joins the one waiting) and notes who asked, in one transaction. */
export async function requestRebuild(db: Db, actor: Actor): Promise<{ buildId: string; coalesced: boolean }> {
  return db.transaction(async (tx) => {
    const queued = await requestBuild(tx, actorLabel(actor));
    await recordAudit(tx, actor, [
      { action: 'rebuild', entity: 'build', key: queued.buildId, label: queued.buildId, detail: queued },
    ]);
    return queued;
  });
}

/** The releases a process publishes; 409 when it publishes none. */
export function publisher(releases: Releases | undefined): Releases {
  if (!releases) throw new ApiError(409, 'api.editor.noPublisher');
  return releases;
}

/**
 * Publishes the release before the current one, or the one named, and notes it in the trail. The switch
 * comes first and the entry after it, outside any transaction: a switch waits for a publish under way in
 * this process (seconds at 10,000 products), which must not hold the embedded database meanwhile. The
 * entry says what the switch did; only a database failing between the two would leave it unrecorded.
 */
export async function rollbackRelease(
  db: Db,
  actor: Actor,
  releases: Releases,
  to?: string,
): Promise<{ from: string; to: string }> {
  const kept = await releases.list();
  const current = kept.find((release) => release.current);
  if (!current) throw new ApiError(409, 'api.editor.nothingPublished');
  const ids = kept.map((release) => release.id);
  const target = to ?? ids[ids.indexOf(current.id) - 1];
  if (to !== undefined && !ids.includes(to))
    throw new ApiError(404, 'api.editor.releaseNotFound', { release: to, releases: ids.join(', ') });
  if (target === undefined) throw new ApiError(409, 'api.editor.nothingToRollBack', { release: current.id });
  const switched = await releases.rollback(target);
  const before = kept.find((release) => release.id === switched.from);
  await recordAudit(db, actor, [
    {
      action: 'rollback',
      entity: 'release',
      key: switched.to,
      label: switched.to,
      before: { release: switched.from, publishedAt: before?.publishedAt ?? null },
      detail: switched,
    },
  ]);
  return switched;
}
