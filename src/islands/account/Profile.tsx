import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { UpdateRequest } from '#api/customer.ts';
import { type Locale, t } from '#i18n/index.ts';
import { formatDate } from '#lib/format.ts';
import { updateProfile } from '#stores/customer.ts';
import { $customer } from '#stores/customer-info.ts';
import { showToast } from '#stores/toasts.ts';
import Field from '../form/Field.tsx';
import FormActions from '../form/FormActions.tsx';
import FormSummary from '../form/FormSummary.tsx';
import { useForm } from '../form/use-form.ts';
import { errorsOf } from '../form/validate.ts';

/** The account home: who the customer is; name and contact number can be changed. */
export default function Profile({ locale }: { locale: Locale }) {
  const customer = useStore($customer);
  const [editing, setEditing] = useState(false);
  const form = useForm({
    locale,
    initial: { name: '', contactNumber: '' },
    check: (values) => errorsOf(UpdateRequest, values, locale),
    send: async (values) => {
      await updateProfile(values);
      showToast(t(locale, 'toast.profileSaved'), 'success');
      setEditing(false);
    },
  });
  if (!customer) return null;

  const edit = () => {
    form.reset({ name: customer.name, contactNumber: customer.contactNumber });
    setEditing(true);
  };

  if (editing) {
    return (
      <form ref={form.ref} className="customer-form" noValidate onSubmit={form.submit}>
        <FormSummary message={form.summary} />
        <Field {...form.field('name')} autoComplete="name" label={t(locale, 'account.name')} required />
        <Field
          {...form.field('contactNumber')}
          type="tel"
          autoComplete="tel"
          label={t(locale, 'account.contactNumber')}
          required
        />
        <FormActions submitLabel={t(locale, 'account.save')} busy={form.busy}>
          <button type="button" className="secondary" onClick={() => setEditing(false)}>
            {t(locale, 'account.cancel')}
          </button>
        </FormActions>
      </form>
    );
  }

  return (
    <section className="profile">
      <dl className="facts">
        <dt>{t(locale, 'account.username')}</dt>
        <dd>{customer.username}</dd>
        <dt>{t(locale, 'account.name')}</dt>
        <dd data-profile-name>{customer.name}</dd>
        <dt>{t(locale, 'account.email')}</dt>
        <dd>{customer.email}</dd>
        <dt>{t(locale, 'account.contactNumber')}</dt>
        <dd data-profile-contact>{customer.contactNumber}</dd>
        <dt>{t(locale, 'account.memberSince')}</dt>
        <dd>{formatDate(customer.createdAt, locale)}</dd>
      </dl>
      <button type="button" onClick={edit}>
        {t(locale, 'account.edit')}
      </button>
    </section>
  );
}
