import { type Address, AddressInput } from '#api/customer.ts';
import { type Locale, t } from '#i18n/index.ts';
import { saveAddress } from '#stores/addresses.ts';
import Field from '../form/Field.tsx';
import FormActions from '../form/FormActions.tsx';
import FormSummary from '../form/FormSummary.tsx';
import { useForm } from '../form/use-form.ts';
import { errorsOf } from '../form/validate.ts';

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
  // The fields as the contract takes them: with the id when editing.
  const fieldsOf = (values: Record<TextField, string> & { isDefault: boolean }) => ({
    ...values,
    ...(address ? { id: address.id } : {}),
  });
  const form = useForm({
    locale,
    initial: {
      name: address?.name ?? '',
      contactNumber: address?.contactNumber ?? '',
      address: address?.address ?? '',
      postalCode: address?.postalCode ?? '',
      country: address?.country ?? '',
      isDefault: address?.isDefault ?? false,
    },
    check: (values) => errorsOf(AddressInput, fieldsOf(values), locale),
    send: async (values) => onSaved(await saveAddress(fieldsOf(values))),
  });
  const id = form.id;

  const AUTOCOMPLETE: Record<TextField, string> = {
    name: 'name',
    contactNumber: 'tel',
    address: 'street-address',
    postalCode: 'postal-code',
    country: 'country-name',
  };

  return (
    <form
      ref={form.ref}
      className="customer-form address-form"
      noValidate
      onSubmit={form.submit}
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`}>{t(locale, address ? 'address.editTitle' : 'address.addTitle')}</h3>
      <FormSummary message={form.summary} />
      {TEXT_FIELDS.map((field) => (
        <Field
          key={field}
          {...form.field(field)}
          type={field === 'contactNumber' ? 'tel' : 'text'}
          autoComplete={AUTOCOMPLETE[field]}
          label={t(locale, `address.${field}`)}
          required={field !== 'postalCode'}
        />
      ))}
      <div className="field check">
        <div>
          <input
            id={`${id}-default`}
            type="checkbox"
            checked={form.values.isDefault}
            onChange={(event) => form.set('isDefault')(event.target.checked)}
          />{' '}
          <label htmlFor={`${id}-default`}>{t(locale, 'address.isDefault')}</label>
        </div>
      </div>
      <FormActions submitLabel={t(locale, 'address.save')} busy={form.busy}>
        <button type="button" className="secondary" onClick={onCancel}>
          {t(locale, 'address.cancel')}
        </button>
      </FormActions>
    </form>
  );
}
