import { useEffect, useId, useRef } from 'react';

interface Props {
  open: boolean;
  title: string;
  text?: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** Also called for Escape. */
  onCancel: () => void;
}

/** A yes-or-no question in a native modal dialog: the page is inert behind it, Escape cancels, focus comes back. */
export default function ConfirmDialog({ open, title, text, confirmLabel, cancelLabel, onConfirm, onCancel }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      // The safe answer has focus first, so Enter does not delete or log out by accident.
      element.querySelector<HTMLElement>('[data-cancel]')?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={text ? `${id}-text` : undefined}
      onClose={() => {
        opener.current?.focus();
        opener.current = null;
        onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {text && <p id={`${id}-text`}>{text}</p>}
      <div className="form-actions">
        <button type="button" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="secondary" data-cancel onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </dialog>
  );
}
