// Characters that could end an inline <script> (`</script>`, `<!--`) or an HTML parser state, and the two
// line separators older JavaScript parsers refuse in strings; as \u escapes the JSON still parses the same.
const UNSAFE = /[<>&\u2028\u2029]/g;

/** JSON for the inside of an inline `<script>` element: no text in it can close the element. */
export function inlineJson(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(
    UNSAFE,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
