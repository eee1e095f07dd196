import type { ReactNode } from 'react';

interface Props {
  submitLabel: string;
  /** While a submit is being sent: the button says so with aria-disabled but keeps its focus. */
  busy: boolean;
  /** Further buttons after submit, e.g. Cancel. */
  children?: ReactNode;
}

/** A form's row of buttons, the submit button first. */
export default function FormActions({ submitLabel, busy, children }: Props) {
  return (
    <div className="form-actions">
      <button type="submit" aria-disabled={busy || undefined}>
        {submitLabel}
      </button>
      {children}
    </div>
  );
}
