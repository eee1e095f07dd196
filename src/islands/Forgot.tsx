import '../styles/customer.css';
import '../styles/account.css';
import '../styles/inquiry.css';
import { useState } from 'react';
import { customerResetPassword, ResetPasswordRequest } from '#api/customer.ts';
import { type Locale, t } from '#i18n/index.ts';
import { openLogin } from '#lib/events.ts';
import { call } from '#stores/api-client.ts';
import CodeField from './form/CodeField.tsx';
import Field from './form/Field.tsx';
import FormActions from './form/FormActions.tsx';
import FormSummary from './form/FormSummary.tsx';
import PasswordFields from './form/PasswordFields.tsx';
import { useForm } from './form/use-form.ts';
import { errorsWithPasswords } from './form/validate.ts';
import { serverRendered } from './server-render.ts';

interface Props {
  locale: Locale;
}

/** Forgot password: the email, the emailed code and a new password; then a way to log in. */
export default function Forgot({ locale }: Props) {
  const [done, setDone] = useState(false);
  const form = useForm({
    locale,
    initial: { email: '', code: '', password: '', confirmPassword: '' },
    check: (values) => errorsWithPasswords(ResetPasswordRequest, values, locale),
    send: async (values) => {
      await call(customerResetPassword, values, { reject: true });
      setDone(true);
    },
    recheck: true,
  });

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
    <form ref={form.ref} className="customer-form" noValidate onSubmit={form.submit}>
      <FormSummary message={form.summary} />
      <Field {...form.field('email')} type="email" autoComplete="email" label={t(locale, 'forgot.email')} required />
      <CodeField form={form} locale={locale} purpose="reset" />
      <PasswordFields form={form} locale={locale} labels="forgot" />
      <FormActions submitLabel={t(locale, 'forgot.submit')} busy={form.busy} />
    </form>
  );
}

// Rendered on the server as React's, without Astro's render to find that out (src/build/internals/island-render.ts).
serverRendered(Forgot);
