import { useStore } from '@nanostores/react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { UpdateRequest } from '../../api/client.ts';
import { type Locale, t } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { formatDate } from '../../lib/format.ts';
import { showToast } from '../../stores/toasts.ts';
import { $user, updateProfile } from '../../stores/user.ts';
import Field from '../form/Field.tsx';
import FormSummary from '../form/FormSummary.tsx';
import { errorsOf, focusFirstInvalid } from '../form/validate.ts';

/** The account home: who the customer is; name and contact number can be changed. */
export default function Profile({ locale }: { locale: Locale }) {
  const id = useId();
  const user = useStore($user);
  const form = useRef<HTMLFormElement>(null);
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState({ name: '', contactNumber: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState('');
  const [busy, setBusy] = useState(false);
  if (!user) return null;

  const edit = () => {
    setValues({ name: user.name, contactNumber: user.contactNumber });
    setErrors({});
    setSummary('');
    setEditing(true);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = errorsOf(UpdateRequest, values, locale);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setSummary(t(locale, 'validation.required'));
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      await updateProfile(values);
      showToast(t(locale, 'toast.profileSaved'), 'success');
      setEditing(false);
    } catch (failure) {
      setSummary(failure instanceof ApiError ? failure.message : t(locale, 'toast.unexpected'));
    } finally {
      setBusy(false);
    }
  };

  if (editing) {
    return (
      <form ref={form} className="customer-form" noValidate onSubmit={submit}>
        <FormSummary message={summary} />
        <Field
          id={`${id}-name`}
          name="name"
          autoComplete="name"
          label={t(locale, 'account.name')}
          value={values.name}
          onChange={(name) => setValues({ ...values, name })}
          error={errors.name}
          required
        />
        <Field
          id={`${id}-contactNumber`}
          name="contactNumber"
          type="tel"
          autoComplete="tel"
          label={t(locale, 'account.contactNumber')}
          value={values.contactNumber}
          onChange={(contactNumber) => setValues({ ...values, contactNumber })}
          error={errors.contactNumber}
          required
        />
        <div className="form-actions">
          <button type="submit" aria-disabled={busy || undefined}>
            {t(locale, 'account.save')}
          </button>
          <button type="button" className="secondary" onClick={() => setEditing(false)}>
            {t(locale, 'account.cancel')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <section className="profile">
      <dl className="facts">
        <dt>{t(locale, 'account.username')}</dt>
        <dd>{user.username}</dd>
        <dt>{t(locale, 'account.name')}</dt>
        <dd data-profile-name>{user.name}</dd>
        <dt>{t(locale, 'account.email')}</dt>
        <dd>{user.email}</dd>
        <dt>{t(locale, 'account.contactNumber')}</dt>
        <dd data-profile-contact>{user.contactNumber}</dd>
        <dt>{t(locale, 'account.memberSince')}</dt>
        <dd>{formatDate(user.createdAt, locale)}</dd>
      </dl>
      <button type="button" onClick={edit}>
        {t(locale, 'account.edit')}
      </button>
    </section>
  );
}
