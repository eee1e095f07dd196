import fc from 'fast-check';
import { baseType, omit, type SchemaShape } from './fuzz-samples.ts';

// The building blocks of the fuzzer's junk (fuzz-inputs.ts): odd texts and numbers, values of the wrong
// type, nested junk, and bodies too big or too deep to print.

const oddTexts = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFF',
  '\u202Eevil\u202C',
  '\u200F\u05E9\u05DC\u05D5\u05DD',
  '👩‍🔬🧪',
  '\uFEFF',
  'e\u0301\u0301\u0301',
  '𝕏',
  '中文字段',
  '',
  ' ',
  '\t\r\n',
  'null',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '9007199254740993',
  "' or 1=1 --",
  '%00',
  '<script>alert(1)</script>',
  '{{field}}',
  '__proto__',
  '\\',
  '"',
];
const char = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) },
  // The whole range, lone surrogates included.
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code)) },
  { weight: 1, arbitrary: fc.constantFrom('\u0000', '\uD800', '\uDC00', '\u202E', '\u200F', '\u0301', '🧪', '"') },
);
/** Timestamps of the right shape for days that do not exist, the year 0000, offsets PostgreSQL refuses. */
const timestampLike = fc
  .tuple(
    fc.constantFrom('0000', '0001', '2023', '2024', '9999'),
    fc.constantFrom('01', '02', '04', '12'),
    fc.constantFrom('01', '28', '29', '30', '31'),
    fc.constantFrom('T00:00:00', 'T23:59:59.999999999', ' 12:00:00'),
    fc.constantFrom('Z', '+23:59', '-23:59', '+05', '+0530', ' +05:00', '-00:00', ''),
  )
  .map((parts) => parts.join(''));
export const text = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...oddTexts) },
  { weight: 4, arbitrary: fc.string({ unit: char, maxLength: 40 }) },
  { weight: 1, arbitrary: timestampLike },
);
const edgeNumbers = [0, -0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 2 ** 31, 2 ** 31 - 1, 5e-324, 999, 1000, 1_000_001];
const number = fc.oneof(fc.constantFrom(...edgeNumbers), fc.integer(), fc.double());
/** Numbers as JSON text, some of which JSON.parse turns into Infinity or refuses. */
export const rawNumbers = [
  '1e999',
  '-1e999',
  '-0',
  '1E+2',
  '1e-400',
  '9007199254740993',
  '2147483648',
  '-2147483649',
  'NaN',
  'Infinity',
  '0x10',
  '01',
  '.5',
  '1.',
  '+1',
];
const scalar = fc.oneof(text, number, fc.boolean(), fc.constant(null));
export const { junk } = fc.letrec<{ junk: unknown }>((tie) => ({
  junk: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(tie('junk'), { maxLength: 4 }),
    fc.dictionary(text, tie('junk'), { maxKeys: 4 }),
  ),
}));
const containers = fc.oneof(fc.array(junk, { maxLength: 3 }), fc.dictionary(text, junk, { maxKeys: 3 }));
/** A value of another type than the field's. */
const wrongTypes: Record<string, fc.Arbitrary<unknown>> = {
  string: fc.oneof(number, fc.boolean(), fc.constant(null), containers),
  number: fc.oneof(
    fc.constantFrom('1', 'NaN', '1e308', '-0', '', '0x10', '9007199254740993', 'Infinity'),
    fc.boolean(),
    fc.constant(null),
    containers,
  ),
  boolean: fc.oneof(fc.constantFrom('true', 'false', 0, 1, 'yes'), fc.constant(null), containers),
};
export const wrongFor = (schema: SchemaShape) => wrongTypes[baseType(schema)] ?? junk;

/** A body too big to print when a case fails, described instead: built right before it is sent. */
type Recipe =
  | { huge: { field: string; bytes: number; unit: 'x' | '中' | '🧪' | '\\u0000' } }
  | { deep: { field: string; depth: number; open: '[' | '{"a":'; top: boolean } };
export type Body = string | Uint8Array | Recipe;

export const utf8 = new TextEncoder();
export const byteLength = (text: string) => utf8.encode(text).length;

/** The body a recipe describes: `bytes` long exactly (huge), or nested `depth` levels (deep). */
export function render(base: Record<string, unknown>, body: Body): string | Uint8Array {
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  if ('huge' in body) {
    const { field, bytes, unit } = body.huge;
    const rest = JSON.stringify(omit(base, [field])).slice(1);
    const head = `{${JSON.stringify(field)}:"`;
    const tail = `"${rest === '}' ? '}' : `,${rest}`}`;
    const room = Math.max(0, bytes - byteLength(head) - byteLength(tail));
    const unitBytes = byteLength(unit);
    const count = Math.floor(room / unitBytes);
    return `${head}${unit.repeat(count)}${'x'.repeat(room - count * unitBytes)}${tail}`;
  }
  const { field, depth, open, top } = body.deep;
  const close = open === '[' ? ']' : '}';
  const nested = `${open.repeat(depth)}${open === '[' ? '' : '1'}${close.repeat(depth)}`;
  if (top) return nested;
  const rest = JSON.stringify(omit(base, [field])).slice(1);
  return `{${JSON.stringify(field)}:${nested}${rest === '}' ? '}' : `,${rest}`}`;
}
