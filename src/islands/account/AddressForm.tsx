import { type FormEvent, useId, useRef, useState } from 'react';
import { type Address, AddressInput } from '../../api/client.ts';
import { type Locale, t } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { saveAddress } from '../../stores/addresses.ts';
import Field from '../form/Field.tsx';
import FormSummary from '../form/FormSummary.tsx';
import { errorsOf, focusFirstInvalid } from '../form/validate.ts';

interface Props {
  locale: Locale;
  /** The address to edit; absent to add one. */
  address?: Address | undefined;
  onSaved: (address: Address) => void;
  onCancel: () => void;
}

const TEXT_FIELDS = ['name', 'contactNumber', 'address', 'postalCode', 'country'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

/** Adds or edits an address; the server's failure comes back to the form. */
export default function AddressForm({ locale, address, onSaved, onCancel }: Props) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<TextField, string>>({
    name: address?.name ?? '',
    contactNumber: address?.contactNumber ?? '',
    address: address?.address ?? '',
    postalCode: address?.postalCode ?? '',
    country: address?.country ?? '',
  });
  const [isDefault, setIsDefault] = useState(address?.isDefault ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const fields = { ...values, isDefault, ...(address ? { id: address.id } : {}) };
    const found = errorsOf(AddressInput, fields, locale);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setSummary(t(locale, 'validation.required'));
      focusFirstInvalid(form.current);
      return;
    }
    setSummary('');
    setBusy(true);
    try {
      onSaved(await saveAddress(fields));
    } catch (failure) {
      setSummary(failure instanceof ApiError ? failure.message : t(locale, 'toast.unexpected'));
    } finally {
      setBusy(false);
    }
  };

  const AUTOCOMPLETE: Record<TextField, string> = {
    name: 'name',
    contactNumber: 'tel',
    address: 'street-address',
    postalCode: 'postal-code',
    country: 'country-name',
  };

  return (
    <form
      ref={form}
      className="customer-form address-form"
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`}>{t(locale, address ? 'address.editTitle' : 'address.addTitle')}</h3>
      <FormSummary message={summary} />
      {TEXT_FIELDS.map((field) => (
        <Field
          key={field}
          id={`${id}-${field}`}
          name={field}
          type={field === 'contactNumber' ? 'tel' : 'text'}
          autoComplete={AUTOCOMPLETE[field]}
          label={t(locale, `address.${field}`)}
          value={values[field]}
          onChange={(value) => setValues({ ...values, [field]: value })}
          error={errors[field]}
          required={field !== 'postalCode'}
        />
      ))}
      <div className="field check">
        <div>
          <input
            id={`${id}-default`}
            type="checkbox"
            checked={isDefault}
            onChange={(event) => setIsDefault(event.target.checked)}
          />{' '}
          <label htmlFor={`${id}-default`}>{t(locale, 'address.isDefault')}</label>
        </div>
      </div>
      <div className="form-actions">
        <button type="submit" aria-disabled={busy || undefined}>
          {t(locale, 'address.save')}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t(locale, 'address.cancel')}
        </button>
      </div>
    </form>
  );
}
