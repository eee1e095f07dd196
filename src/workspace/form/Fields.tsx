import { useId } from 'react';
import type { Locale } from '#i18n/index.ts';
import { hasWt, type WorkspaceKey, wt } from '#i18n/workspace.ts';
import type { Uploaded } from '../api.ts';
import ErrorText from './ErrorText.tsx';
import NumbersInput from './NumbersInput.tsx';
import RichText from './RichText.tsx';
import { emptyOf, type Field, getIn, holdsGroups, type Shape } from './shape.ts';
import UploadInput from './UploadInput.tsx';

// The inputs of a generated form: one per field of the save call's request. A text in both languages is
// two inputs side by side, English and Chinese, each marked when the other language has text and it has
// none, and the Chinese when its English changed after it was last saved. Lists of records are tables.

export type Path = (string | number)[];

export interface FormContext {
  locale: Locale;
  /** The whole value of the form. */
  value: unknown;
  onChange: (path: Path, next: unknown) => void;
  /** Messages by field path (`name.zh`, `attributes.2.unit`). */
  errors: Record<string, string>;
  /** Texts whose English changed after the Chinese was saved. */
  stale: ReadonlySet<string>;
  /** Fields shown but not edited (what an existing record is saved by). */
  locked: ReadonlySet<string>;
  /** Uploads a file for an address field (a picture's, a download's); absent: no upload offered. */
  upload?: ((file: File) => Promise<Uploaded>) | undefined;
}

const key = (path: Path) => path.join('.');
/** The row a field in a table is in, counted from 1: the last number of its path. */
const rowOf = (path: Path) => Number([...path].reverse().find((step) => typeof step === 'number') ?? 0) + 1;

/** A field's label, from the workspace's text when it has one (`form.partNumber`), else its name. */
export function fieldLabel(locale: Locale, name: string): string {
  const textKey = `form.${name}`;
  return hasWt(textKey) ? wt(locale, textKey as WorkspaceKey) : name;
}

/** One field of the form, by its shape. */
export function FieldInput({
  form,
  name,
  field,
  path,
  compact = false,
}: {
  form: FormContext;
  name: string;
  field: Field;
  path: Path;
  compact?: boolean;
}) {
  const { shape } = field;
  if (shape.kind === 'both' || shape.kind === 'textOrBoth')
    return <BothInput form={form} name={name} shape={shape} path={path} compact={compact} />;
  if (shape.kind === 'list') return <ListInput form={form} name={name} shape={shape} path={path} />;
  if (shape.kind === 'numbers')
    return (
      <NumbersInput
        {...{ locale: form.locale, compact, errors: form.errors, path: key(path), max: shape.max }}
        label={fieldLabel(form.locale, name) + (compact ? ` ${rowOf(path)}` : '')}
        value={getIn(form.value, path)}
        onChange={(next) => form.onChange(path, next)}
      />
    );
  if (shape.kind === 'object')
    return (
      <fieldset className="ws-group">
        <legend>{fieldLabel(form.locale, name)}</legend>
        {shape.entries.map(([entry, sub]) => (
          <FieldInput key={entry} form={form} name={entry} field={sub} path={[...path, entry]} compact={compact} />
        ))}
      </fieldset>
    );
  return <SingleInput form={form} name={name} shape={shape} path={path} compact={compact} />;
}

function SingleInput({
  form,
  name,
  shape,
  path,
  compact,
}: {
  form: FormContext;
  name: string;
  shape: Shape;
  path: Path;
  compact: boolean;
}) {
  const id = useId();
  const value = getIn(form.value, path);
  const error = form.errors[key(path)];
  const label = fieldLabel(form.locale, name);
  const locked = form.locked.has(key(path));
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    ...(compact ? { 'aria-label': `${label} ${rowOf(path)}` } : {}),
  };
  let input: React.ReactNode;
  if (shape.kind === 'boolean')
    input = (
      <input
        {...common}
        type="checkbox"
        checked={value === true}
        disabled={locked}
        onChange={(event) => form.onChange(path, event.target.checked)}
      />
    );
  else if (shape.kind === 'choice')
    input = (
      <select
        {...common}
        value={String(value ?? '')}
        disabled={locked}
        onChange={(event) => {
          const picked = shape.options.find((option) => String(option) === event.target.value);
          form.onChange(path, picked);
        }}
      >
        {shape.options.map((option) => (
          <option key={String(option)} value={String(option)}>
            {hasWt(`choice.${option}`) ? wt(form.locale, `choice.${option}` as WorkspaceKey) : String(option)}
          </option>
        ))}
      </select>
    );
  else if (shape.kind === 'number')
    input = (
      <input
        {...common}
        type="number"
        inputMode={shape.integer ? 'numeric' : 'decimal'}
        step={shape.integer ? 1 : 'any'}
        min={shape.min}
        max={shape.max}
        readOnly={locked}
        value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
        onChange={(event) => form.onChange(path, event.target.value === '' ? undefined : Number(event.target.value))}
      />
    );
  else
    input = (
      <input
        {...common}
        type={shape.kind === 'text' && shape.date ? 'date' : 'text'}
        className={/partNumber|^related$|^alternatives$|^products$|key|url/i.test(name) ? 'ws-mono' : undefined}
        maxLength={shape.kind === 'text' ? shape.max : undefined}
        readOnly={locked}
        value={value === null || value === undefined ? '' : String(value)}
        onChange={(event) => form.onChange(path, event.target.value)}
      />
    );
  const uploader =
    name === 'url' && form.upload ? (
      <UploadInput
        locale={form.locale}
        upload={form.upload}
        onUploaded={(url) => form.onChange(path, url)}
        images={path.includes('images')}
        label={`${label} ${rowOf(path)}`}
      />
    ) : null;
  if (compact)
    return (
      <>
        {input}
        {uploader}
        <ErrorText id={`${id}-error`} message={error} />
      </>
    );
  return (
    <div className={shape.kind === 'boolean' ? 'ws-field ws-field-check' : 'ws-field'}>
      <label htmlFor={id}>{label}</label>
      {input}
      {locked && <span className="ws-help">{wt(form.locale, 'form.locked')}</span>}
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

/** A text in both languages: English and Chinese side by side (stacked at phone width). */
function BothInput({
  form,
  name,
  shape,
  path,
  compact,
}: {
  form: FormContext;
  name: string;
  shape: Extract<Shape, { kind: 'both' | 'textOrBoth' }>;
  path: Path;
  compact: boolean;
}) {
  const id = useId();
  const { locale } = form;
  const pair = (getIn(form.value, path) ?? { en: '', zh: '' }) as { en?: string; zh?: string };
  const en = pair.en ?? '';
  const zh = pair.zh ?? '';
  const label = fieldLabel(locale, name);
  const rich = name === 'body';
  const long = !rich && shape.max > 200 && !compact;
  const row = compact ? ` ${rowOf(path)}` : '';
  const marks = {
    en: zh.trim() !== '' && en.trim() === '' ? wt(locale, 'form.englishMissing') : undefined,
    zh:
      en.trim() !== '' && zh.trim() === ''
        ? wt(locale, 'form.chineseMissing')
        : form.stale.has(key(path))
          ? wt(locale, 'form.chineseStale')
          : undefined,
  };
  const side = (lang: 'en' | 'zh') => {
    const inputId = `${id}-${lang}`;
    const error = form.errors[key([...path, lang])] ?? (lang === 'en' ? form.errors[key(path)] : undefined);
    const mark = marks[lang];
    const described = [mark ? `${inputId}-mark` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ');
    const language = lang === 'en' ? 'en' : 'zh-CN';
    const langName = wt(locale, lang === 'en' ? 'form.english' : 'form.chinese');
    const props = {
      id: inputId,
      lang: language,
      value: lang === 'en' ? en : zh,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': described || undefined,
      onChange: (event: { target: { value: string } }) => form.onChange(path, { en, zh, [lang]: event.target.value }),
    };
    return (
      <div className={mark ? 'ws-lang ws-lang-marked' : 'ws-lang'}>
        <label htmlFor={inputId} className={compact ? 'ws-hidden' : 'ws-lang-name'}>
          {compact ? `${label}${row} (${langName})` : langName}
        </label>
        {rich ? (
          <RichText
            id={inputId}
            locale={locale}
            lang={language}
            label={`${label} (${langName})`}
            value={props.value}
            invalid={Boolean(error)}
            describedBy={props['aria-describedby']}
            onChange={(next) => form.onChange(path, { en, zh, [lang]: next })}
          />
        ) : long ? (
          <textarea {...props} rows={shape.max > 2000 ? 8 : 3} maxLength={shape.max} />
        ) : (
          <input {...props} type="text" maxLength={shape.max} placeholder={compact ? langName : undefined} />
        )}
        {mark && (
          <span id={`${inputId}-mark`} className="ws-mark">
            {mark}
          </span>
        )}
        <ErrorText id={`${inputId}-error`} message={error} />
      </div>
    );
  };
  if (compact)
    return (
      <div className="ws-both ws-both-compact">
        {side('en')}
        {side('zh')}
      </div>
    );
  return (
    <fieldset className="ws-both">
      <legend>{label}</legend>
      <div className="ws-both-grid">
        {side('en')}
        {side('zh')}
      </div>
    </fieldset>
  );
}

/** A list: a table of records (specifications, options, resources) or of part numbers, rows added and moved. */
function ListInput({
  form,
  name,
  shape,
  path,
}: {
  form: FormContext;
  name: string;
  shape: Extract<Shape, { kind: 'list' }>;
  path: Path;
}) {
  const { locale } = form;
  const rows = (getIn(form.value, path) ?? []) as unknown[];
  const label = fieldLabel(locale, name);
  const titleId = useId();
  const columns: [string, Field][] =
    shape.item.kind === 'object'
      ? shape.item.entries
      : [[name === 'values' ? 'value' : 'item', { shape: shape.item, optional: false }]];
  const move = (from: number, to: number) => {
    const next = [...rows];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    form.onChange(path, next);
  };
  const full = shape.max !== undefined && rows.length >= shape.max;
  const error = form.errors[key(path)];
  return (
    <fieldset className="ws-list">
      <legend id={titleId}>
        {label} <span className="ws-help">{wt(locale, 'form.rows', { count: rows.length })}</span>
      </legend>
      {rows.length > 0 && (
        <div className={holdsGroups(shape.item) ? 'ws-table-wrap ws-stacked' : 'ws-table-wrap'}>
          <table className="ws-table ws-edit-table" aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">#</th>
                {columns.map(([column]) => (
                  <th key={column} scope="col">
                    {fieldLabel(locale, column)}
                  </th>
                ))}
                <th scope="col">
                  <span className="ws-hidden">{wt(locale, 'form.rowActions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((_, index) => (
                // Rows have no id of their own; their place is what the save and its messages name them by.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <tr key={index}>
                  <td>{index + 1}</td>
                  {columns.map(([column, field]) => (
                    <td key={column} data-label={fieldLabel(locale, column)}>
                      <FieldInput
                        form={form}
                        name={column}
                        field={field}
                        path={shape.item.kind === 'object' ? [...path, index, column] : [...path, index]}
                        compact
                      />
                    </td>
                  ))}
                  <td className="ws-row-actions">
                    <button
                      type="button"
                      className="ws-secondary ws-small"
                      disabled={index === 0}
                      aria-label={wt(locale, 'form.moveUp', { row: index + 1 })}
                      onClick={() => move(index, index - 1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="ws-secondary ws-small"
                      disabled={index === rows.length - 1}
                      aria-label={wt(locale, 'form.moveDown', { row: index + 1 })}
                      onClick={() => move(index, index + 1)}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="ws-secondary ws-small"
                      aria-label={wt(locale, 'form.removeRow', { row: index + 1 })}
                      onClick={() =>
                        form.onChange(
                          path,
                          rows.filter((__, at) => at !== index),
                        )
                      }
                    >
                      ✕
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {error && <span className="ws-field-error">{error}</span>}
      <button
        type="button"
        className="ws-secondary"
        disabled={full}
        onClick={() => form.onChange(path, [...rows, emptyOf(shape.item)])}
      >
        {wt(locale, 'form.addRow', { list: label })}
      </button>
    </fieldset>
  );
}
