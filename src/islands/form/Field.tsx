import type { ChangeEvent, ReactNode } from 'react';

interface Props {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
  required?: boolean;
  /** Beside the input, e.g. the Send code button. */
  children?: ReactNode;
}

/** A labelled input with its hint and its error message, wired with aria-invalid and aria-describedby. */
export default function Field({
  id,
  name,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  children,
  ...rest
}: Props) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className={children ? 'field-row' : undefined}>
        <input
          id={id}
          name={name}
          type={type}
          value={value}
          autoComplete={rest.autoComplete}
          inputMode={rest.inputMode}
          aria-required={rest.required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        />
        {children}
      </div>
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      <p id={errorId} className="field-error">
        {error}
      </p>
    </div>
  );
}
