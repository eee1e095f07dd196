import type { PREVIEW_ENTITIES } from '#api/editor-records.ts';
import { type Releases, requestBuild } from '#build/queue.ts';
import { idSlug } from '#lib/slug.ts';
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

/** The records with a page of their own: products, solutions and articles. */
type PageEntity = (typeof PREVIEW_ENTITIES)[number];
const PAGE_PREFIX: Record<PageEntity, string> = {
  product: '/product/',
  solution: '/solutions/',
  article: '/knowledge/',
};

/** A record's page on the site, without the locale (`/product/12-…`). */
export const recordPagePath = (entity: PageEntity, id: number, slug: string) =>
  `${PAGE_PREFIX[entity]}${idSlug(id, slug)}`;

/** How many changed records a build's status names with their pages. */
const CHANGED_PAGES_SHOWN = 50;

/**
 * The published pages of the records a build took up (the trail's writes between the start of the
 * published build before it and its own start): products, solutions and articles that are published,
 * newest first, by path without the locale (`/product/…`); for the workspace to link to.
 */
export async function changedPages(
  db: Db,
  buildId: string,
): Promise<{ entity: string; label: string; path: string }[]> {
  const rows = await db.query<{ entity: string; id: number; label: string; slug: string }>(
    `with this as (select started_at from site_build where id = $1 and status = 'published'),
     before as (select max(b.started_at) as started_at from site_build b, this
                where b.status = 'published' and b.started_at < this.started_at),
     touched as (select a.entity, a.entity_key, max(a.id) as last from audit_log a, this, before
                 where a.entity in ('product', 'solution', 'article') and a.entity_key ~ '^[0-9]{1,9}$'
                   and a.at >= coalesce(before.started_at, '-infinity') and a.at < this.started_at
                 group by a.entity, a.entity_key)
     select t.entity, coalesce(p.id, s.id, r.id) as id,
       coalesce(p.part_number || ' · ' || p.name_en, s.title_en, r.title_en) as label,
       coalesce(p.slug, s.slug, r.slug) as slug
     from touched t
     left join product p on t.entity = 'product' and p.id = t.entity_key::int and p.published
     left join solution s on t.entity = 'solution' and s.id = t.entity_key::int and s.published
     left join article r on t.entity = 'article' and r.id = t.entity_key::int and r.published
     where coalesce(p.id, s.id, r.id) is not null
     order by t.last desc limit ${CHANGED_PAGES_SHOWN}`,
    [buildId],
  );
  return rows.map(({ entity, id, label, slug }) => ({
    entity,
    label,
    path: recordPagePath(entity as PageEntity, id, slug),
  }));
}
