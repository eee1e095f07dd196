import { useCallback, useEffect, useId, useState } from 'react';
import type { DataOf } from '#api/common.ts';
import { editorBuildStatus, editorRebuild, editorReleaseList, editorReleaseRollback } from '#api/editor.ts';
import type { Locale } from '#i18n/index.ts';
import { wt } from '#i18n/workspace.ts';
import { call, WorkspaceError } from './api.ts';

// Publishing (issue 39, item 6): one button queues a rebuild of the site from the saved content; its
// progress shows live (pages done of the estimate, rendered and reused), then the pages it changed, or why
// it failed. Below, the releases kept, what each took up, and a rollback after a confirmation.

type Status = DataOf<typeof editorBuildStatus>;
type Release = DataOf<typeof editorReleaseList>[number];

/** How often a build's progress is asked for while it runs. */
const POLL_MS = 1000;
const BUILD_KEY = 'lumenlab.workspace.build';

const when = (locale: Locale, iso: string | null) =>
  iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso)) : '';

/** A path of the site in the workspace's language (`/zh-CN/product/…` in Chinese). */
const sitePath = (locale: Locale, path: string) => (locale === 'zh-CN' ? `/zh-CN${path}` : path);

export default function Publish({
  locale,
  token,
  onSignedOut,
}: {
  locale: Locale;
  token: string;
  onSignedOut: () => void;
}) {
  const [buildId, setBuildId] = useState<string | undefined>(() => sessionStorage.getItem(BUILD_KEY) ?? undefined);
  const [status, setStatus] = useState<Status | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [releases, setReleases] = useState<Release[] | undefined>();
  const [releaseError, setReleaseError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const releasesId = useId();

  const failed = useCallback(
    (caught: unknown) => {
      if (caught instanceof WorkspaceError && caught.code === 401) onSignedOut();
      return caught instanceof WorkspaceError ? caught.message : wt(locale, 'app.unexpected');
    },
    [locale, onSignedOut],
  );

  const loadReleases = useCallback(() => {
    call(editorReleaseList, {}, { token, locale })
      .then((list) => {
        setReleases([...list].reverse());
        setReleaseError(undefined);
      })
      .catch((caught: unknown) => setReleaseError(failed(caught)));
  }, [token, locale, failed]);

  useEffect(loadReleases, [loadReleases]);

  // The build's progress, asked for every second until it has published or failed.
  useEffect(() => {
    if (!buildId) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      call(editorBuildStatus, { buildId }, { token, locale })
        .then((next) => {
          if (!current) return;
          setStatus(next);
          if (next.status === 'queued' || next.status === 'building') timer = setTimeout(ask, POLL_MS);
          else {
            sessionStorage.removeItem(BUILD_KEY);
            if (next.status === 'published') loadReleases();
          }
        })
        .catch((caught: unknown) => {
          if (!current) return;
          setError(failed(caught));
          sessionStorage.removeItem(BUILD_KEY);
        });
    };
    ask();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [buildId, token, locale, failed, loadReleases]);

  const publish = async () => {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    setStatus(undefined);
    try {
      const queued = await call(editorRebuild, {}, { token, locale });
      sessionStorage.setItem(BUILD_KEY, queued.buildId);
      setBuildId(queued.buildId);
    } catch (caught) {
      setError(failed(caught));
    } finally {
      setBusy(false);
    }
  };

  const rollback = async (release: Release) => {
    if (!window.confirm(wt(locale, 'publish.rollbackConfirm', { release: release.id }))) return;
    setNotice(undefined);
    try {
      const done = await call(editorReleaseRollback, { release: release.id }, { token, locale });
      setNotice(wt(locale, 'publish.rolledBack', { to: done.to, from: done.from }));
      loadReleases();
    } catch (caught) {
      setReleaseError(failed(caught));
    }
  };

  const running = status?.status === 'queued' || status?.status === 'building';
  const done = status ? status.pagesRendered + status.pagesReused : 0;

  return (
    <section aria-labelledby={titleId}>
      <h1 id={titleId}>{wt(locale, 'publish.title')}</h1>
      <p>{wt(locale, 'publish.intro')}</p>
      <button type="button" onClick={() => void publish()} disabled={busy || running}>
        {running ? wt(locale, 'publish.running') : wt(locale, 'publish.button')}
      </button>
      {error && (
        <p className="ws-error" role="alert">
          {error}
        </p>
      )}
      <div className="ws-build" role="status">
        {status && (
          <p>
            {status.status === 'queued'
              ? wt(locale, 'publish.queued')
              : status.status === 'building'
                ? wt(locale, 'publish.building')
                : status.status === 'published'
                  ? wt(locale, 'publish.published', {
                      release: status.release ?? '',
                      seconds: ((status.ms ?? 0) / 1000).toFixed(1),
                    })
                  : wt(locale, 'publish.failed')}
          </p>
        )}
      </div>
      {status && (status.status === 'building' || status.status === 'published') && (
        <div className="ws-progress">
          <progress
            max={status.pagesTotal ?? Math.max(done, 1)}
            value={done}
            aria-label={wt(locale, 'publish.progressLabel')}
          />
          <p>
            {wt(locale, 'publish.pages', {
              done,
              total: status.pagesTotal ?? '…',
              rendered: status.pagesRendered,
              reused: status.pagesReused,
            })}
            {running &&
              status.etaMs !== null &&
              ` ${wt(locale, 'publish.eta', { seconds: Math.ceil(status.etaMs / 1000) })}`}
          </p>
        </div>
      )}
      {status?.status === 'failed' && status.error && (
        <p className="ws-error" role="alert">
          {status.error}
        </p>
      )}
      {status?.status === 'published' && (
        <div>
          <h2>{wt(locale, 'publish.changed')}</h2>
          {status.changedPages.length === 0 ? (
            <p>{wt(locale, 'publish.noChangedPages')}</p>
          ) : (
            <ul className="ws-changed">
              {status.changedPages.map((page) => (
                <li key={page.path}>
                  <a href={sitePath(locale, page.path)}>{page.label}</a>{' '}
                  <a href={sitePath(locale === 'zh-CN' ? 'en' : 'zh-CN', page.path)} className="ws-help">
                    {wt(locale, locale === 'zh-CN' ? 'publish.inEnglish' : 'publish.inChinese')}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <h2 id={releasesId}>{wt(locale, 'publish.releases')}</h2>
      <p>{wt(locale, 'publish.releasesIntro')}</p>
      {notice && (
        <p className="ws-ok" role="status">
          {notice}
        </p>
      )}
      {releaseError && (
        <p className="ws-error" role="alert">
          {releaseError}
        </p>
      )}
      {releases && releases.length === 0 && <p>{wt(locale, 'publish.noReleases')}</p>}
      {releases && releases.length > 0 && (
        <div className="ws-table-wrap">
          <table className="ws-table" aria-labelledby={releasesId}>
            <thead>
              <tr>
                <th scope="col">{wt(locale, 'publish.release')}</th>
                <th scope="col">{wt(locale, 'publish.publishedAt')}</th>
                <th scope="col">{wt(locale, 'publish.what')}</th>
                <th scope="col">{wt(locale, 'publish.action')}</th>
              </tr>
            </thead>
            <tbody>
              {releases.map((release) => (
                <tr key={release.id}>
                  <td className="ws-mono" data-label={wt(locale, 'publish.release')}>
                    {release.id}
                    {release.current && <strong className="ws-current"> {wt(locale, 'publish.current')}</strong>}
                  </td>
                  <td data-label={wt(locale, 'publish.publishedAt')}>{when(locale, release.publishedAt)}</td>
                  <td data-label={wt(locale, 'publish.what')}>
                    {release.pagesRendered === null
                      ? wt(locale, 'publish.unknownBuild')
                      : wt(locale, 'publish.releaseWhat', {
                          by: release.requestedBy ?? '',
                          changes: release.changes ?? 0,
                          rendered: release.pagesRendered,
                          reused: release.pagesReused ?? 0,
                        })}
                  </td>
                  <td data-label={wt(locale, 'publish.action')}>
                    {!release.current && (
                      <button type="button" className="ws-secondary" onClick={() => void rollback(release)}>
                        {wt(locale, 'publish.rollback', { release: release.id })}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
