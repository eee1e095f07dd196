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
 * Publishes the release before the current one, or the one named, and notes it in the trail: the entry
 * is written first and the link switched inside its transaction, so a switch that fails leaves no entry.
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
  return db.transaction(async (tx) => {
    await recordAudit(tx, actor, [
      {
        action: 'rollback',
        entity: 'release',
        key: target,
        label: target,
        before: { release: current.id, publishedAt: current.publishedAt },
        detail: { from: current.id, to: target },
      },
    ]);
    return releases.rollback(target);
  });
}
