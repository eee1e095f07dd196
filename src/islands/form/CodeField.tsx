import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { customerSendEmail } from '#api/customer.ts';
import { Email } from '#api/fields.ts';
import { type Locale, t } from '#i18n/index.ts';
import { validationMessage } from '#i18n/validation.ts';
import { ApiError } from '#lib/api-error.ts';
import { call } from '#stores/api-client.ts';
import Field from './Field.tsx';
import type { FieldWiring } from './use-form.ts';

/** Seconds the Send code button waits after a code is sent (the server allows one a minute). */
const RESEND_SECONDS = 60;

interface Props {
  form: {
    values: { email: string };
    field: (name: 'code') => FieldWiring;
    /** Shows (or clears) the email field's message when Send code finds the email invalid. */
    setError: (field: 'email', message: string | undefined) => void;
  };
  locale: Locale;
  purpose: 'register' | 'reset';
}

const SENT = { register: 'register.codeSent', reset: 'forgot.codeSent' } as const;

/** The verification code input with its Send code button, which counts down for a minute after sending. */
export default function CodeField({ form, locale, purpose }: Props) {
  const email = form.values.email;
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    const checked = v.safeParse(Email, email);
    if (!checked.success) {
      const [issue] = checked.issues;
      form.setError('email', (issue && validationMessage(issue, locale)) ?? t(locale, 'validation.email'));
      return;
    }
    form.setError('email', undefined);
    setSending(true);
    try {
      await call(customerSendEmail, { email: checked.output, purpose }, { reject: true });
      setStatus({ text: t(locale, SENT[purpose], { email: checked.output }), failed: false });
      setWait(RESEND_SECONDS);
    } catch (failure) {
      const text = failure instanceof ApiError ? failure.message : t(locale, 'toast.unexpected');
      setStatus({ text, failed: true });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Field
        {...form.field('code')}
        label={t(locale, 'register.code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        required
      >
        <button type="button" className="secondary send-code" disabled={sending || wait > 0} onClick={send}>
          {wait > 0 ? t(locale, 'register.resendIn', { seconds: wait }) : t(locale, 'register.sendCode')}
        </button>
      </Field>
      <p className={status?.failed ? 'code-status field-error' : 'code-status hint'} role="status">
        {status?.text}
      </p>
    </>
  );
}
