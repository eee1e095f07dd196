/** A field's message, for its input's `aria-describedby`; nothing when it has none. */
export default function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className="ws-field-error">
      {message}
    </span>
  );
}
