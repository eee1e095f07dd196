import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import * as v from 'valibot';
import {
  editorPreview,
  editorRecordItem,
  type FormEntity,
  PREVIEW_ENTITIES,
  type RecordItem,
} from '#api/editor-records.ts';
import type { Locale } from '#i18n/index.ts';
import { wt } from '#i18n/workspace.ts';
import { call, uploadFile, WorkspaceError } from './api.ts';
import { FieldInput, type FormContext, type Path } from './form/Fields.tsx';
import { emptyOf, formFields, setIn, toFormValue } from './form/shape.ts';
import { setLeaveGuard } from './guard.ts';
import { contractErrors } from './messages.ts';
import PreviewPanel, { type PreviewPaths } from './PreviewPanel.tsx';
import {
  DELETES,
  forSave,
  HIDDEN,
  LIST_OF,
  LOCKED,
  type LocalDraft,
  NEW,
  readDraft,
  SAVES,
  writeDraft,
} from './records.ts';

// A record's edit form (issue 39, item 3), generated from its save call's request schema: both languages
// side by side, checked by the contract's own rules before it is sent, saved as a draft (the site changes
// when the editor publishes), and refused with the name of whoever saved the record since it was opened.

interface Props {
  locale: Locale;
  token: string;
  onSignedOut: () => void;
  entity: FormEntity;
  recordKey: string;
}

export default function EditScreen({ locale, token, onSignedOut, entity, recordKey }: Props) {
  const contract = SAVES[entity];
  const fields = useMemo(() => formFields(contract.request as never), [contract]);
  const isNew = recordKey === NEW;
  /** A new record: its required fields empty, its lists too, published when made (as the API makes it). */
  const blank = useMemo<RecordItem>(
    () => ({
      entity,
      key: NEW,
      label: wt(locale, 'form.newTitle'),
      record: Object.fromEntries(
        fields
          .filter(([name, field]) => !field.optional || name === 'published')
          .map(([name, field]) => [name, name === 'published' ? true : emptyOf(field.shape)]),
      ),
      version: 0,
      changedBy: null,
      changedAt: null,
      enChangedAt: null,
      zhChangedAt: null,
      staleFields: [],
    }),
    [entity, fields, locale],
  );
  const [item, setItem] = useState<RecordItem | undefined>();
  const [value, setValue] = useState<Record<string, unknown>>({});
  const [initial, setInitial] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loadError, setLoadError] = useState<string | undefined>();
  const [message, setMessage] = useState<{ kind: 'saved' | 'error' | 'conflict'; text: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<PreviewPaths | undefined>();
  const [previewing, setPreviewing] = useState(false);
  const [localDraft, setLocalDraft] = useState<LocalDraft | undefined>();
  /** The version the changes in the form were made from: the record's, or a restored draft's. */
  const [baseVersion, setBaseVersion] = useState<number | undefined>();
  const previewable = (PREVIEW_ENTITIES as readonly string[]).includes(entity);
  const titleId = useId();
  const summary = useRef<HTMLDivElement>(null);

  const failed = useCallback(
    (caught: unknown): string => {
      if (caught instanceof WorkspaceError && caught.code === 401) onSignedOut();
      return caught instanceof WorkspaceError ? caught.message : wt(locale, 'app.unexpected');
    },
    [locale, onSignedOut],
  );

  const load = useCallback(async () => {
    setLoadError(undefined);
    try {
      const read = isNew ? blank : await call(editorRecordItem, { entity, key: recordKey }, { token, locale });
      const formValue = toFormValue(fields, read.record);
      setItem(read);
      setBaseVersion(undefined);
      setValue(formValue);
      setInitial(JSON.stringify(formValue));
      setErrors({});
      const kept = readDraft(entity, recordKey);
      setLocalDraft(kept && JSON.stringify(kept.value) !== JSON.stringify(formValue) ? kept : undefined);
      return read;
    } catch (caught) {
      setLoadError(failed(caught));
      return undefined;
    }
  }, [entity, recordKey, token, locale, fields, failed, isNew, blank]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the record is read when it is opened, not when the language changes
  useEffect(() => {
    setItem(undefined);
    setMessage(undefined);
    void load();
  }, [entity, recordKey]);

  const dirty = item !== undefined && JSON.stringify(value) !== initial;
  // Unsaved changes are kept in this browser a moment after each edit, until they are saved or discarded.
  useEffect(() => {
    if (!item || localDraft) return;
    const timer = setTimeout(
      () =>
        writeDraft(
          entity,
          recordKey,
          dirty ? { value, version: baseVersion ?? item.version, at: new Date().toISOString() } : undefined,
        ),
      500,
    );
    return () => clearTimeout(timer);
  }, [dirty, value, item, localDraft, baseVersion, entity, recordKey]);
  // Leaving with unsaved changes asks first: another screen of the workspace, or the page itself.
  useEffect(() => {
    if (!dirty) return;
    setLeaveGuard(() => wt(locale, 'form.leave'));
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      setLeaveGuard(undefined);
      window.removeEventListener('beforeunload', warn);
    };
  }, [dirty, locale]);

  const onChange = useCallback((path: Path, next: unknown) => {
    setValue((before) => setIn(before, path, next) as Record<string, unknown>);
    setErrors((before) => {
      const at = path.join('.');
      const kept = Object.entries(before).filter(([field]) => !field.startsWith(at));
      return kept.length === Object.keys(before).length ? before : Object.fromEntries(kept);
    });
  }, []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    await saveDraft();
  };

  /** Saves the form as a draft; whether it was saved. */
  const saveDraft = async (): Promise<boolean> => {
    if (!item) return false;
    const body = isNew
      ? { ...forSave(fields, value), create: true }
      : { ...forSave(fields, value), version: baseVersion ?? item.version };
    const checked = v.safeParse(contract.request, { ...body, language: 'en' }, { abortEarly: false });
    if (!checked.success) {
      setErrors(await contractErrors(checked.issues, locale));
      setMessage({ kind: 'error', text: wt(locale, 'form.fix', { count: checked.issues.length }) });
      requestAnimationFrame(() => summary.current?.focus());
      return false;
    }
    setBusy(true);
    setMessage(undefined);
    try {
      const answer = (await call(contract, body as never, { token, locale })) as Record<string, unknown>;
      writeDraft(entity, recordKey, undefined);
      if (isNew) {
        // Made: its own form from now on (nothing unsaved is left to ask about).
        setInitial(JSON.stringify(value));
        setLeaveGuard(undefined);
        location.hash = `#/${LIST_OF[entity]}/${encodeURIComponent(String(answer.id ?? answer.page ?? answer.configName))}`;
        return true;
      }
      await load();
      setMessage({ kind: 'saved', text: wt(locale, 'form.saved') });
      return true;
    } catch (caught) {
      // A 409 is a conflict when the record moved on since it was read; else it is a rule of the catalogue.
      let conflict = false;
      if (caught instanceof WorkspaceError && caught.code === 409) {
        const fresh = await call(editorRecordItem, { entity, key: recordKey }, { token, locale }).catch(
          () => undefined,
        );
        conflict = fresh === undefined || fresh.version !== (baseVersion ?? item.version);
      }
      setMessage({ kind: conflict ? 'conflict' : 'error', text: failed(caught) });
      return false;
    } finally {
      setBusy(false);
      requestAnimationFrame(() => summary.current?.focus());
    }
  };

  /** Deletes the record after a confirmation, and goes back to its list. */
  const remove = async () => {
    if (!item || !window.confirm(wt(locale, 'form.deleteConfirm', { label: item.label }))) return;
    setBusy(true);
    try {
      const named =
        entity === 'meta'
          ? { page: recordKey }
          : entity === 'config'
            ? { configName: recordKey }
            : { id: Number(recordKey) };
      await call(DELETES[entity], named as never, { token, locale });
      writeDraft(entity, recordKey, undefined);
      setInitial(JSON.stringify(value));
      setLeaveGuard(undefined);
      location.hash = `#/${LIST_OF[entity]}`;
    } catch (caught) {
      setMessage({ kind: 'error', text: failed(caught) });
      requestAnimationFrame(() => summary.current?.focus());
    } finally {
      setBusy(false);
    }
  };

  /** Saves what is unsaved, then builds the preview and shows the record's page in it. */
  const showPreview = async () => {
    if (dirty && !(await saveDraft())) return;
    setPreviewing(true);
    setPreview(undefined);
    try {
      const paths = await call(
        editorPreview,
        { entity: entity as (typeof PREVIEW_ENTITIES)[number], key: recordKey },
        { token, locale },
      );
      setPreview(paths);
    } catch (caught) {
      setMessage({ kind: 'error', text: failed(caught) });
      requestAnimationFrame(() => summary.current?.focus());
    } finally {
      setPreviewing(false);
    }
  };

  const form: FormContext = {
    locale,
    value,
    onChange,
    errors,
    stale: new Set(item?.staleFields ?? []),
    locked: new Set(isNew ? [] : LOCKED[entity]),
    upload: (file: File) => uploadFile(file, { token, locale }),
  };
  const title =
    item &&
    (entity === 'product'
      ? `${item.label} · ${(item.record.name as { en: string; zh: string })[locale === 'zh-CN' ? 'zh' : 'en'] || (item.record.name as { en: string }).en}`
      : item.label);
  const errorList = Object.entries(errors);

  return (
    <section aria-labelledby={titleId} className="ws-edit">
      <p>
        <a href={`#/${LIST_OF[entity]}`}>
          {wt(locale, 'form.back', { list: wt(locale, `nav.${LIST_OF[entity]}` as never) })}
        </a>
      </p>
      <h1 id={titleId}>{title ?? wt(locale, 'app.loading')}</h1>
      {loadError && (
        <p className="ws-error" role="alert">
          {loadError}
        </p>
      )}
      {item && (
        <>
          <p className="ws-help">
            {!isNew && <a href={`#/history/${entity}/${encodeURIComponent(item.key)}`}>{wt(locale, 'form.history')}</a>}{' '}
            {isNew
              ? wt(locale, 'form.newIntro')
              : item.changedBy
                ? wt(locale, 'form.lastSaved', {
                    by: item.changedBy,
                    at: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
                      new Date(item.changedAt ?? ''),
                    ),
                  })
                : wt(locale, 'form.neverSaved')}{' '}
            {item.staleFields.length > 0 && wt(locale, 'form.staleCount', { count: item.staleFields.length })}
          </p>
          {localDraft && (
            <div className="ws-notice" role="status">
              <p>
                {wt(locale, 'form.draftFound', {
                  at: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
                    new Date(localDraft.at),
                  ),
                })}{' '}
                {localDraft.version !== item.version && wt(locale, 'form.draftOutdated')}
              </p>
              <div className="ws-row">
                <button
                  type="button"
                  onClick={() => {
                    setValue(localDraft.value);
                    setBaseVersion(localDraft.version);
                    setLocalDraft(undefined);
                  }}
                >
                  {wt(locale, 'form.restoreDraft')}
                </button>
                <button
                  type="button"
                  className="ws-secondary"
                  onClick={() => {
                    writeDraft(entity, recordKey, undefined);
                    setLocalDraft(undefined);
                  }}
                >
                  {wt(locale, 'form.discardDraft')}
                </button>
              </div>
            </div>
          )}
          <form className="ws-form" onSubmit={(event) => void save(event)} noValidate>
            <div ref={summary} tabIndex={-1} className="ws-form-status">
              {message && (
                <div
                  className={message.kind === 'saved' ? 'ws-ok' : 'ws-error'}
                  role={message.kind === 'saved' ? 'status' : 'alert'}
                >
                  <p>{message.text}</p>
                  {message.kind === 'saved' && (
                    <p>
                      <a href="#/publish">{wt(locale, 'form.toPublish')}</a>
                    </p>
                  )}
                  {message.kind === 'conflict' && (
                    <button
                      type="button"
                      className="ws-secondary"
                      onClick={() => void load().then(() => setMessage(undefined))}
                    >
                      {wt(locale, 'form.reload')}
                    </button>
                  )}
                  {errorList.length > 0 && (
                    <ul>
                      {errorList.map(([field, text]) => (
                        <li key={field}>
                          <span className="ws-mono">{field}</span>: {text}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
            </div>
            {fields
              .filter(([name]) => !HIDDEN.has(name))
              .map(([name, field]) => (
                <FieldInput key={name} form={form} name={name} field={field} path={[name]} />
              ))}
            <div className="ws-form-actions">
              <button type="submit" disabled={busy}>
                {busy ? wt(locale, 'form.saving') : wt(locale, 'form.save')}
              </button>
              {previewable && !isNew && (
                <button
                  type="button"
                  className="ws-secondary"
                  disabled={busy || previewing}
                  onClick={() => void showPreview()}
                >
                  {previewing
                    ? wt(locale, 'preview.building')
                    : dirty
                      ? wt(locale, 'preview.saveAndShow')
                      : wt(locale, 'preview.show')}
                </button>
              )}
              <span className="ws-help">{dirty ? wt(locale, 'form.unsaved') : wt(locale, 'form.draftNote')}</span>
              {!isNew && (
                <button type="button" className="ws-danger" disabled={busy} onClick={() => void remove()}>
                  {wt(locale, 'form.delete')}
                </button>
              )}
            </div>
          </form>
          <div role="status" className="ws-help">
            {previewing ? wt(locale, 'preview.building') : ''}
          </div>
          {preview && <PreviewPanel locale={locale} paths={preview} label={item.label} />}
        </>
      )}
    </section>
  );
}
