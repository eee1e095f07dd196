import { useEffect, useId, useRef, useState } from 'react';
import type { Locale } from '#i18n/index.ts';
import { wt } from '#i18n/workspace.ts';
import ErrorText from './ErrorText.tsx';

/** Numbers as typed: one a line, or between commas, semicolons, tabs or spaces. What is not one is NaN. */
const parsed = (text: string) =>
  text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number);

/**
 * A list of numbers (a curve's x or y values) as a text area, one a line: a column copied from a
 * spreadsheet pastes as it is. The form's value is the numbers; what is not a number stays in the text as
 * typed and reaches the contract's check as NaN, whose message names the value (`x.12`): shown here with
 * its place in the list.
 */
export default function NumbersInput({
  locale,
  label,
  value,
  errors,
  path,
  max,
  compact,
  onChange,
}: {
  locale: Locale;
  label: string;
  value: unknown;
  /** The form's messages by field path; this list's are at `path` or one of its values' (`path.12`). */
  errors: Record<string, string>;
  path: string;
  max?: number | undefined;
  compact: boolean;
  onChange: (next: number[]) => void;
}) {
  const id = useId();
  const [text, setText] = useState(() => (Array.isArray(value) ? value.join('\n') : ''));
  // The value this input last gave the form: another one (a draft restored, a record reloaded) replaces the text.
  const given = useRef(value);
  useEffect(() => {
    if (value === given.current) return;
    given.current = value;
    setText(Array.isArray(value) ? value.join('\n') : '');
  }, [value]);
  const found = Object.keys(errors).find((field) => field === path || field.startsWith(`${path}.`));
  const at = found && found !== path ? Number(found.slice(path.length + 1)) + 1 : undefined;
  const error =
    found === undefined
      ? undefined
      : at === undefined
        ? errors[found]
        : wt(locale, 'form.valueAt', { index: at, message: errors[found] ?? '' });
  const count = parsed(text).length;
  return (
    <div className={compact ? 'ws-numbers' : 'ws-field ws-numbers'}>
      <label htmlFor={id} className={compact ? 'ws-hidden' : undefined}>
        {label}
      </label>
      <textarea
        id={id}
        rows={compact ? 6 : 8}
        value={text}
        spellCheck={false}
        inputMode="decimal"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          const numbers = parsed(event.target.value);
          setText(event.target.value);
          given.current = numbers;
          onChange(numbers);
        }}
      />
      <span id={`${id}-count`} className="ws-help">
        {wt(locale, 'form.numbersCount', { count, max: max ?? '' })}
      </span>
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}
