import * as v from 'valibot';

// Field schemas shared by the forms (islands) and the server. Their messages are i18n keys
// (`validation.*`): each side shows them in the visitor's language with `t()`.

/** C0 and C1 controls (tab, CR and LF among them), DEL, and the Unicode line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
/** The same less tab, CR and LF, which a multi-line text (a note) may hold. */
const CONTROL_BUT_LINES = /(?![\t\n\r])[\p{Cc}\u2028\u2029]/u;

/** Whether text holds a control character; `multiline` lets tab, CR and LF through. */
export function hasControlCharacter(text: string, multiline = false): boolean {
  return (multiline ? CONTROL_BUT_LINES : CONTROL).test(text);
}

// Customer text ends up in mail (a name in the sales mail's subject, an address or note in bodies):
// a line break there could start a header, so a line of text holds none.
function noControlCharacters(multiline: boolean) {
  return v.check(
    (text: string) => !hasControlCharacter(text, multiline),
    multiline ? 'validation.controlCharactersMultiline' : 'validation.controlCharacters',
  );
}

/** A required line of text: trimmed, not empty, bounded, without control characters. */
export function requiredText(requiredKey: string, max = 200) {
  return v.pipe(
    v.string(requiredKey),
    v.trim(),
    v.nonEmpty(requiredKey),
    v.maxLength(max, 'validation.tooLong'),
    noControlCharacters(false),
  );
}

/** An optional text field: trimmed, bounded, without control characters (but line breaks and tabs when `multiline`); empty is allowed. */
export function optionalText(max = 200, { multiline = false }: { multiline?: boolean } = {}) {
  return v.optional(
    v.pipe(
      v.string('validation.text'),
      v.trim(),
      v.maxLength(max, 'validation.tooLong'),
      noControlCharacters(multiline),
    ),
    '',
  );
}

export const Email = v.pipe(
  v.string('validation.required.email'),
  v.trim(),
  v.nonEmpty('validation.required.email'),
  v.maxLength(254, 'validation.email'),
  v.email('validation.email'),
  v.toLowerCase(),
);

export const Password = v.pipe(
  v.string('validation.required.password'),
  v.nonEmpty('validation.required.password'),
  v.minLength(8, 'validation.passwordLength'),
  v.maxLength(128, 'validation.passwordLength'),
);

export const Username = v.pipe(
  v.string('validation.required.username'),
  v.trim(),
  v.nonEmpty('validation.required.username'),
  v.regex(/^[A-Za-z0-9_.-]{3,32}$/, 'validation.username'),
);

export const ContactNumber = v.pipe(
  v.string('validation.required.contactNumber'),
  v.trim(),
  v.nonEmpty('validation.required.contactNumber'),
  v.regex(/^\+?[0-9 ()-]{5,32}$/, 'validation.contactNumber'),
);

export const Code = v.pipe(
  v.string('validation.required.code'),
  v.trim(),
  v.nonEmpty('validation.required.code'),
  v.regex(/^\d{6}$/, 'validation.code'),
);

export const ConfirmPassword = v.pipe(
  v.string('validation.required.confirmPassword'),
  v.nonEmpty('validation.required.confirmPassword'),
);

/** Password and its confirmation must match; the issue lands on confirmPassword. */
export function passwordsMatch<T extends { password: string; confirmPassword: string }>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (dataset.typed && dataset.value.password !== dataset.value.confirmPassword) {
      addIssue({
        message: 'validation.passwordMismatch',
        path: [
          {
            type: 'object',
            origin: 'value',
            input: dataset.value,
            key: 'confirmPassword',
            value: dataset.value.confirmPassword,
          },
        ],
      });
    }
  });
}

/** The terms-and-privacy tick. */
export const AgreeToTerms = v.literal(true, 'validation.terms');

/** The most of one product a cart line holds. */
export const MAX_QUANTITY = 999;

/** A cart quantity. */
export const Quantity = v.pipe(
  v.number('validation.quantity'),
  v.integer('validation.quantity'),
  v.minValue(1, 'validation.quantity'),
  v.maxValue(MAX_QUANTITY, 'validation.quantity'),
);
