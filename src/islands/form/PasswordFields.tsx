import { type Locale, t } from '#i18n/index.ts';
import Field from './Field.tsx';
import type { FieldWiring } from './use-form.ts';

interface Props {
  form: { field: (name: 'password' | 'confirmPassword') => FieldWiring };
  locale: Locale;
  /** Whose labels: 'Password' (register) or 'New password' (forgot). */
  labels: 'register' | 'forgot';
}

/** A new password, with the length hint, and the same password again. */
export default function PasswordFields({ form, locale, labels }: Props) {
  return (
    <>
      <Field
        {...form.field('password')}
        type="password"
        autoComplete="new-password"
        label={t(locale, `${labels}.password`)}
        hint={t(locale, 'register.passwordHint')}
        required
      />
      <Field
        {...form.field('confirmPassword')}
        type="password"
        autoComplete="new-password"
        label={t(locale, `${labels}.confirmPassword`)}
        required
      />
    </>
  );
}
