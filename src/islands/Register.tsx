import '../styles/customer.css';
import '../styles/account.css';
import '../styles/inquiry.css';
import { useEffect } from 'react';
import { customerRegister, RegisterRequest } from '#api/customer.ts';
import { newsletterSubscribe } from '#api/inquiry.ts';
import { type Locale, localePath, t } from '#i18n/index.ts';
import { openLogin } from '#lib/events.ts';
import { call } from '#stores/api-client.ts';
import CodeField from './form/CodeField.tsx';
import Field from './form/Field.tsx';
import FormActions from './form/FormActions.tsx';
import FormSummary from './form/FormSummary.tsx';
import PasswordFields from './form/PasswordFields.tsx';
import { type TextKey, useForm } from './form/use-form.ts';
import { errorsWithPasswords } from './form/validate.ts';
import { serverRendered } from './server-render.ts';

interface Props {
  locale: Locale;
}

const EMPTY = {
  username: '',
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  contactNumber: '',
  code: '',
  agree: false,
  subscribe: false,
};

/** The register form: account details, the emailed code, the terms tick; success goes to /register/success. */
export default function Register({ locale }: Props) {
  const form = useForm({
    locale,
    initial: EMPTY,
    check: (values) => errorsWithPasswords(RegisterRequest, values, locale),
    send: async ({ subscribe, ...values }) => {
      await call(customerRegister, { ...values, agree: true }, { reject: true });
      // The account exists now; the newsletter asks for its own confirmation by mail, and a failure to
      // ask must not hold the registration up.
      if (subscribe)
        await call(newsletterSubscribe, { email: values.email, phone: values.contactNumber }, { hideErrors: true });
      location.assign(localePath(locale, '/register/success'));
    },
    recheck: true,
    leaves: true,
  });
  const { id, errors, set, setValues } = form;

  // The footer's sign-up box sends visitors here with ?email=.
  useEffect(() => {
    const email = new URLSearchParams(location.search).get('email');
    if (email) setValues((current) => ({ ...current, email }));
  }, [setValues]);

  // Chinese runs the sentence around the links together; English puts spaces between the words.
  const gap = locale === 'zh-CN' ? '' : ' ';

  const field = (name: TextKey<typeof EMPTY>, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field {...form.field(name)} label={t(locale, `register.${name}`)} required {...extra} />
  );

  return (
    <form ref={form.ref} className="customer-form" noValidate onSubmit={form.submit}>
      <FormSummary message={form.summary} />
      {field('username', { autoComplete: 'username', hint: t(locale, 'register.usernameHint') })}
      {field('name', { autoComplete: 'name' })}
      {field('email', { type: 'email', autoComplete: 'email' })}
      <CodeField form={form} locale={locale} purpose="register" />
      <PasswordFields form={form} locale={locale} labels="register" />
      {field('contactNumber', { type: 'tel', autoComplete: 'tel' })}
      <div className="field check">
        <div>
          <input
            id={`${id}-agree`}
            name="agree"
            type="checkbox"
            checked={form.values.agree}
            aria-invalid={errors.agree ? true : undefined}
            aria-describedby={errors.agree ? `${id}-agree-error` : undefined}
            onChange={(event) => set('agree')(event.target.checked)}
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
      <div className="field check">
        <div>
          <input
            id={`${id}-subscribe`}
            name="subscribe"
            type="checkbox"
            checked={form.values.subscribe}
            onChange={(event) => set('subscribe')(event.target.checked)}
          />{' '}
          <label htmlFor={`${id}-subscribe`}>{t(locale, 'register.subscribe')}</label>
        </div>
      </div>
      <FormActions submitLabel={t(locale, 'register.submit')} busy={form.busy} />
      <p>
        {t(locale, 'register.haveAccount')}{' '}
        <button type="button" className="link-button" onClick={() => openLogin({ reason: 'login' })}>
          {t(locale, 'register.login')}
        </button>
      </p>
    </form>
  );
}

// Rendered on the server as React's, without Astro's render to find that out (src/build/internals/island-render.ts).
serverRendered(Register);
