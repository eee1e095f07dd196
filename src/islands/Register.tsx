import '../styles/customer.css';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { clientRegister, RegisterRequest } from '../api/client.ts';
import { type Locale, localePath, t } from '../i18n/index.ts';
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

const EMPTY = { username: '', name: '', email: '', password: '', confirmPassword: '', contactNumber: '', code: '' };
type Values = typeof EMPTY;

/** The register form: account details, the emailed code, the terms tick; success goes to /register/success. */
export default function Register({ locale }: Props) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  // The footer's sign-up box sends visitors here with ?email=.
  useEffect(() => {
    const email = new URLSearchParams(location.search).get('email');
    if (email) setValues((current) => ({ ...current, email }));
  }, []);

  const check = (next: Values, nextAgree: boolean) =>
    errorsWithPasswords(RegisterRequest, { ...next, agree: nextAgree }, locale);

  const set = (field: keyof Values) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (tried) setErrors(check(next, agree));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setTried(true);
    const found = check(values, agree);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setSummary(t(locale, 'validation.required'));
      focusFirstInvalid(form.current);
      return;
    }
    setSummary('');
    setBusy(true);
    try {
      await call(clientRegister, { ...values, agree: true }, { reject: true });
      location.assign(localePath(locale, '/register/success'));
    } catch (failure) {
      setSummary(failure instanceof ApiError ? failure.message : t(locale, 'toast.unexpected'));
      setBusy(false);
    }
  };

  // Chinese runs the sentence around the links together; English puts spaces between the words.
  const gap = locale === 'zh-CN' ? '' : ' ';

  const field = (name: keyof Values, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      id={`${id}-${name}`}
      name={name}
      label={t(locale, `register.${name}`)}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      required
      {...extra}
    />
  );

  return (
    <form ref={form} className="customer-form" noValidate onSubmit={submit}>
      <FormSummary message={summary} />
      {field('username', { autoComplete: 'username', hint: t(locale, 'register.usernameHint') })}
      {field('name', { autoComplete: 'name' })}
      {field('email', { type: 'email', autoComplete: 'email' })}
      <CodeField
        id={`${id}-code`}
        locale={locale}
        purpose="register"
        email={values.email}
        value={values.code}
        onChange={set('code')}
        error={errors.code}
        onEmailError={(message) => setErrors((current) => ({ ...current, email: message ?? '' }))}
        sentKey="register.codeSent"
      />
      {field('password', { type: 'password', autoComplete: 'new-password', hint: t(locale, 'register.passwordHint') })}
      {field('confirmPassword', { type: 'password', autoComplete: 'new-password' })}
      {field('contactNumber', { type: 'tel', autoComplete: 'tel' })}
      <div className="field check">
        <div>
          <input
            id={`${id}-agree`}
            name="agree"
            type="checkbox"
            checked={agree}
            aria-invalid={errors.agree ? true : undefined}
            aria-describedby={errors.agree ? `${id}-agree-error` : undefined}
            onChange={(event) => {
              setAgree(event.target.checked);
              if (tried) setErrors(check(values, event.target.checked));
            }}
          />{' '}
          <label htmlFor={`${id}-agree`}>
            {t(locale, 'register.agreePrefix')}
            {gap}
            <a href={localePath(locale, '/files/terms')} target="_blank" rel="noopener">
              {t(locale, 'register.termsLink')}
            </a>
            {gap}
            {t(locale, 'register.agreeJoin')}
            {gap}
            <a href={localePath(locale, '/files/privacy')} target="_blank" rel="noopener">
              {t(locale, 'register.privacyLink')}
            </a>
            {t(locale, 'register.agreeSuffix')}
          </label>
        </div>
        <p id={`${id}-agree-error`} className="field-error">
          {errors.agree}
        </p>
      </div>
      <div className="form-actions">
        <button type="submit" aria-disabled={busy || undefined}>
          {t(locale, 'register.submit')}
        </button>
      </div>
      <p>
        {t(locale, 'register.haveAccount')}{' '}
        <button type="button" className="link-button" onClick={() => openLogin({ reason: 'login' })}>
          {t(locale, 'register.login')}
        </button>
      </p>
    </form>
  );
}
