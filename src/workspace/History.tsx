import { type FormEvent, useId, useState } from 'react';
import type { DataOf } from '#api/common.ts';
import { editorHistory } from '#api/editor-accounts.ts';
import { LIST_PAGE_SIZE } from '#api/editor-lists.ts';
import { editorRecordItem, FORM_ENTITIES, type FormEntity } from '#api/editor-records.ts';
import type { Locale } from '#i18n/index.ts';
import { wt } from '#i18n/workspace.ts';
import { useAnswer } from './answers.ts';
import { call, WorkspaceError } from './api.ts';
import { fieldLabel } from './form/Fields.tsx';
import { ListState, Pager } from './lists.tsx';
import { SAVES } from './records.ts';

// The audit trail (issue 39, item 7; decision 0063): every write with who, when and the record before,
// filtered by editor, kind of record, one record, or a day. A save's entry lists the fields it changed,
// each with its value before and a button that restores it: the record is read afresh and saved with
// that field as it was, from the version read (so a save made meanwhile is not overwritten).

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
  of,
}: {
  locale: Locale;
  token: string;
  onSignedOut: () => void;
  /** One record's history. */
  of?: { entity: string; key: string } | undefined;
}) {
  const [filters, setFilters] = useState<Filters>({
    actor: '',
    entity: of?.entity ?? '',
    key: of?.key ?? '',
    since: '',
    pageNum: 1,
  });
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
              {entry.action === 'save' &&
                isFormEntity(entry.entity) &&
                isRecord(entry.before) &&
                isRecord(entry.detail) && (
                  <ChangedFields
                    locale={locale}
                    token={token}
                    onSignedOut={onSignedOut}
                    entity={entry.entity}
                    recordKey={entry.key}
                    before={entry.before}
                    asked={entry.detail}
                  />
                )}
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

const isFormEntity = (entity: string): entity is FormEntity => (FORM_ENTITIES as readonly string[]).includes(entity);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
/** Fields a save names its record by, or that say nothing an editor restores. */
const NOT_RESTORED = new Set(['id', 'partNumber', 'key', 'page', 'configName', 'version', 'language']);

/** A value as a line of text: a pair as "English / 中文", a list as JSON, shortened. */
function shown(value: unknown): string {
  const text =
    isRecord(value) && typeof value.en === 'string' && typeof value.zh === 'string'
      ? `${value.en} / ${value.zh}`
      : typeof value === 'string'
        ? value
        : JSON.stringify(value ?? null);
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

/** The fields a save changed, each with its value before and a button that puts it back. */
function ChangedFields({
  locale,
  token,
  onSignedOut,
  entity,
  recordKey,
  before,
  asked,
}: {
  locale: Locale;
  token: string;
  onSignedOut: () => void;
  entity: FormEntity;
  recordKey: string;
  before: Record<string, unknown>;
  asked: Record<string, unknown>;
}) {
  const [result, setResult] = useState<{ ok: boolean; text: string } | undefined>();
  const fields = Object.keys(asked).filter(
    (name) => !NOT_RESTORED.has(name) && name in before && JSON.stringify(before[name]) !== JSON.stringify(asked[name]),
  );
  if (fields.length === 0) return null;
  const restore = async (name: string) => {
    setResult(undefined);
    try {
      const current = await call(editorRecordItem, { entity, key: recordKey }, { token, locale });
      await call(SAVES[entity], { ...current.record, [name]: before[name], version: current.version } as never, {
        token,
        locale,
      });
      setResult({ ok: true, text: wt(locale, 'history.restored', { field: fieldLabel(locale, name) }) });
    } catch (caught) {
      if (caught instanceof WorkspaceError && caught.code === 401) onSignedOut();
      setResult({ ok: false, text: caught instanceof WorkspaceError ? caught.message : wt(locale, 'app.unexpected') });
    }
  };
  return (
    <div className="ws-changes">
      <p className="ws-help">{wt(locale, 'history.changed')}</p>
      <ul>
        {fields.map((name) => (
          <li key={name}>
            <strong>{fieldLabel(locale, name)}</strong>{' '}
            <span className="ws-help">{wt(locale, 'history.was', { value: shown(before[name]) })}</span>{' '}
            <button
              type="button"
              className="ws-secondary ws-small"
              onClick={() => void restore(name)}
              aria-label={wt(locale, 'history.restoreField', { field: fieldLabel(locale, name) })}
            >
              {wt(locale, 'history.restore')}
            </button>
          </li>
        ))}
      </ul>
      {result && (
        <p className={result.ok ? 'ws-ok' : 'ws-error'} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </p>
      )}
    </div>
  );
}
