import { type FormEvent, useId, useState } from 'react';
import type { DataOf } from '#api/common.ts';
import { editorHistory } from '#api/editor-accounts.ts';
import { LIST_PAGE_SIZE } from '#api/editor-lists.ts';
import type { Locale } from '#i18n/index.ts';
import { wt } from '#i18n/workspace.ts';
import { ListState, Pager, useAnswer } from './lists.tsx';

// The audit trail (issue 39, item 7; decision 0063): every write with who, when and the record before,
// filtered by editor, kind of record, one record, or a day. Restoring a field from it is still to come.

const ENTITIES = ['product', 'category', 'solution', 'article', 'meta', 'config', 'token', 'editor', 'release'];

interface Filters {
  actor: string;
  entity: string;
  key: string;
  since: string;
  pageNum: number;
}

/** The trail, newest first, a page of 50 at a time. */
export default function History({
  locale,
  token,
  onSignedOut,
}: {
  locale: Locale;
  token: string;
  onSignedOut: () => void;
}) {
  const [filters, setFilters] = useState<Filters>({ actor: '', entity: '', key: '', since: '', pageNum: 1 });
  const [form, setForm] = useState<Filters>(filters);
  const titleId = useId();
  const status = useId();
  const { actor, entity, key, since, pageNum } = filters;
  const { answer, error, busy } = useAnswer<typeof editorHistory, DataOf<typeof editorHistory>>(
    editorHistory,
    {
      pageNum,
      pageSize: LIST_PAGE_SIZE,
      ...(actor ? { actor } : {}),
      ...(entity ? { entity } : {}),
      ...(key ? { key } : {}),
      ...(since ? { since } : {}),
    },
    { token, locale, onSignedOut },
  );

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...form, actor: form.actor.trim(), key: form.key.trim(), pageNum: 1 });
  };
  const field = (name: keyof Omit<Filters, 'pageNum'>) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((before) => ({ ...before, [name]: event.target.value })),
  });
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const page = answer;

  return (
    <section aria-labelledby={titleId}>
      <h1 id={titleId}>{wt(locale, 'nav.history')}</h1>
      <form className="ws-filters" onSubmit={apply}>
        <label>
          {wt(locale, 'history.actor')}
          <input type="search" {...field('actor')} />
        </label>
        <label>
          {wt(locale, 'history.entity')}
          <select {...field('entity')}>
            <option value="">{wt(locale, 'filter.all')}</option>
            {ENTITIES.map((entity) => (
              <option key={entity} value={entity}>
                {entity}
              </option>
            ))}
          </select>
        </label>
        <label>
          {wt(locale, 'history.key')}
          <input type="search" {...field('key')} />
        </label>
        <label>
          {wt(locale, 'history.since')}
          <input type="date" {...field('since')} />
        </label>
        <button type="submit">{wt(locale, 'history.apply')}</button>
      </form>
      <ListState
        locale={locale}
        id={status}
        busy={busy}
        error={error}
        shown={page?.records.length}
        total={page?.total}
      />
      {page && page.records.length > 0 && (
        <ol className="ws-trail" aria-labelledby={titleId}>
          {page.records.map((entry) => (
            <li key={entry.id}>
              <p>
                <time dateTime={entry.at}>{when(entry.at)}</time>{' '}
                {wt(locale, 'history.line', {
                  actor: entry.actor,
                  action: entry.action,
                  entity: entry.entity,
                  label: entry.label || entry.key,
                })}
                <span className="ws-help">{` (${entry.via})`}</span>
              </p>
              {entry.before !== null && entry.before !== undefined && (
                <details>
                  <summary>{wt(locale, 'history.before')}</summary>
                  <pre className="ws-pre">{JSON.stringify(entry.before, null, 2)}</pre>
                </details>
              )}
            </li>
          ))}
        </ol>
      )}
      {page && (
        <Pager locale={locale} page={page} onPage={(pageNum) => setFilters((before) => ({ ...before, pageNum }))} />
      )}
    </section>
  );
}
