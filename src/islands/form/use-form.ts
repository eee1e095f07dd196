import { type FormEvent, useId, useRef, useState } from 'react';
import { type Locale, t } from '#i18n/index.ts';
import { ApiError } from '#lib/api-error.ts';
import { focusFirstInvalid } from './validate.ts';

interface Options<V> {
  locale: Locale;
  initial: V;
  /** The first message per invalid field; empty when the values can be sent. */
  check: (values: V) => Record<string, string>;
  /** Sends valid values; a rejection (an ApiError's message, else 'unexpected') becomes the form's summary. */
  send: (values: V) => Promise<unknown>;
  /** After the first submit, check again on every change (register, forgot); otherwise only on submit. */
  recheck?: boolean;
  /** A successful send leaves the page, so the form stays busy until the browser goes. */
  leaves?: boolean;
}

/** The keys of V whose values are strings: the ones a text Field edits. */
export type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/** What a Field needs from the form for one value: ids, value, change handler and error message. */
export interface FieldWiring {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/**
 * The state and submit handling every customer form shares: values, per-field errors, the summary above the
 * fields, and a busy flag that ignores a second submit while one is being sent.
 */
export function useForm<V extends object>({
  locale,
  initial,
  check,
  send,
  recheck = false,
  leaves = false,
}: Options<V>) {
  const id = useId();
  const ref = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  const set =
    <K extends keyof V>(field: K) =>
    (value: V[K]) => {
      const next = { ...values, [field]: value };
      setValues(next);
      if (recheck && tried) setErrors(check(next));
    };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setTried(true);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setSummary(t(locale, 'validation.required'));
      focusFirstInvalid(ref.current);
      return;
    }
    setSummary('');
    setBusy(true);
    try {
      await send(values);
      if (!leaves) setBusy(false);
    } catch (failure) {
      setSummary(failure instanceof ApiError ? failure.message : t(locale, 'toast.unexpected'));
      setBusy(false);
    }
  };

  return {
    id,
    ref,
    values,
    /** React's setter, for a change that should not check again (e.g. a value from the URL). */
    setValues,
    errors,
    summary,
    busy,
    set,
    submit,
    /** The id, name, value, change handler and error of the Field for `name`. */
    field: (name: TextKey<V>): FieldWiring => ({
      id: `${id}-${name}`,
      name,
      value: values[name] as string,
      onChange: set(name) as (value: string) => void,
      error: errors[name],
    }),
    /** Shows (or, with undefined, clears) one field's message, e.g. the email's when Send code finds it invalid. */
    setError: (field: string, message: string | undefined) =>
      setErrors((current) => ({ ...current, [field]: message ?? '' })),
    /** Starts over with `next`: no messages. */
    reset: (next: V) => {
      setValues(next);
      setErrors({});
      setSummary('');
    },
  };
}
