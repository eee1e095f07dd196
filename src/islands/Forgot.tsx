import '../styles/customer.css';
import { type FormEvent, useId, useRef, useState } from 'react';
import { clientResetPassword, ResetPasswordRequest } from '../api/client.ts';
import { type Locale, t } from '../i18n/index.ts';
import { ApiError } from '../lib/api-error.ts';
import { openLogin } from '../lib/events.ts';
import { call } from '../lib/http.ts';
import CodeField from './form/CodeField.tsx';
import Field from './form/Field.tsx';
import FormSummary from './form/FormSummary.tsx';
import { errorsWithPasswords, focusFirstInvalid } from './form/validate.ts';

interface Props {
  locale: Locale;
}

const EMPTY = { email: '', code: '', password: '', confirmPassword: '' };
type Values = typeof EMPTY;

/** Forgot password: the email, the emailed code and a new password; then a way to log in. */
export default function Forgot({ locale }: Props) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const check = (next: Values) => errorsWithPasswords(ResetPasswordRequest, next, locale);
  const set = (field: keyof Values) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (tried) setErrors(check(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setTried(true);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setSummary(t(locale, 'validation.required'));
      focusFirstInvalid(form.current);
      return;
    }
    setSummary('');
    setBusy(true);
    try {
      await call(clientResetPassword, values, { reject: true });
      setDone(true);
    } catch (failure) {
      setSummary(failure instanceof ApiError ? failure.message : t(locale, 'toast.unexpected'));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className="customer-form" role="status">
        <p>{t(locale, 'forgot.done')}</p>
        <button type="button" onClick={() => openLogin({ reason: 'login' })}>
          {t(locale, 'forgot.login')}
        </button>
      </div>
    );
  }

  return (
    <form ref={form} className="customer-form" noValidate onSubmit={submit}>
      <FormSummary message={summary} />
      <Field
        id={`${id}-email`}
        name="email"
        type="email"
        autoComplete="email"
        label={t(locale, 'forgot.email')}
        value={values.email}
        onChange={set('email')}
        error={errors.email}
        required
      />
      <CodeField
        id={`${id}-code`}
        locale={locale}
        purpose="reset"
        email={values.email}
        value={values.code}
        onChange={set('code')}
        error={errors.code}
        onEmailError={(message) => setErrors((current) => ({ ...current, email: message ?? '' }))}
        sentKey="forgot.codeSent"
      />
      <Field
        id={`${id}-password`}
        name="password"
        type="password"
        autoComplete="new-password"
        label={t(locale, 'forgot.password')}
        hint={t(locale, 'register.passwordHint')}
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        required
      />
      <Field
        id={`${id}-confirmPassword`}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        label={t(locale, 'forgot.confirmPassword')}
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors.confirmPassword}
        required
      />
      <div className="form-actions">
        <button type="submit" aria-disabled={busy || undefined}>
          {t(locale, 'forgot.submit')}
        </button>
      </div>
    </form>
  );
}
