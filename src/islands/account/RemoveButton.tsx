interface Props {
  /** The visible text, e.g. 'Remove'. */
  text: string;
  /** The accessible name, which says what goes, e.g. 'Remove LL-200 from the cart'. */
  label: string;
  onRemove: () => void;
}

/** Removes one row of a list (a cart line, a favourite, a saved article). */
export default function RemoveButton({ text, label, onRemove }: Props) {
  return (
    <button type="button" className="secondary" aria-label={label} onClick={onRemove}>
      {text}
    </button>
  );
}
