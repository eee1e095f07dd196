import '../styles/customer.css';
import '../styles/account.css';
import '../styles/inquiry.css';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  ATTACHMENT_ACCEPT,
  INDUSTRIES,
  INQUIRY_TYPES,
  type Industry,
  InquiryForm,
  type InquiryType,
  inquirySubmit,
  MAX_ATTACHMENT_BYTES,
} from '#api/inquiry.ts';
import { type Locale, localePath, type MessageKey, t } from '#i18n/index.ts';
import { ApiError } from '#lib/api-error.ts';
import { call } from '#stores/api-client.ts';
import { $customer } from '#stores/customer-info.ts';
import { inquiryProfileOf, rememberInquiryProfile } from '#stores/inquiry-profile.ts';
import FormActions from './form/FormActions.tsx';
import FormSummary from './form/FormSummary.tsx';
import { errorsOf, focusFirstInvalid } from './form/validate.ts';
import { serverRendered } from './server-render.ts';

/** A group of categories a buyer may be interested in: a top category and its children. */
export interface InterestGroup {
  name: string;
  options: { id: number; name: string }[];
}

interface Props {
  locale: Locale;
  interests: InterestGroup[];
}

/** The form's values as the schema reads them, from the form's own fields (they are uncontrolled). */
function valuesOf(form: HTMLFormElement) {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return {
    inquiryType: text('inquiryType'),
    fullName: text('fullName'),
    email: text('email'),
    company: text('company'),
    department: text('department'),
    country: text('country'),
    productModel: text('productModel'),
    message: text('message'),
    interestProducts: data.getAll('interestProducts').map(Number).filter(Number.isInteger),
    applicationIndustry: text('applicationIndustry'),
    agreeToTerms: data.has('agreeToTerms'),
    subscribe: data.has('subscribe'),
    phone: text('phone'),
  };
}

/**
 * The contact form (/contact): an inquiry with an optional file; sent as multipart to /inquiry/submit,
 * then on to /contact/success. `?type=` and `?product=` (the product page's "Request a quote") fill it in,
 * and so does a logged-in customer's name and email, and the company, department and country of their
 * last inquiry on this device (stores/inquiry-profile.ts). It hydrates on the first focus or touch
 * (client:interact), so its fields are uncontrolled: what is typed before that stays where it is, and
 * the values are read from the form when they are checked.
 */
export default function Inquiry({ locale, interests }: Props) {
  const id = useId();
  const ref = useRef<HTMLFormElement>(null);
  // Made once per form in the browser: a second send of the same form is the same inquiry to the server.
  const [submissionId] = useState(() => crypto.randomUUID());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [subscribe, setSubscribe] = useState(false);

  /** The first message per invalid field, the file's size included. */
  const check = () => {
    const form = ref.current;
    if (!form) return {};
    const found = errorsOf(InquiryForm, valuesOf(form), locale);
    const file = form.querySelector<HTMLInputElement>('input[type=file]')?.files?.[0];
    if (file && file.size > MAX_ATTACHMENT_BYTES) found.attachment = t(locale, 'validation.attachmentSize');
    return found;
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const form = ref.current;
    if (busy || !form) return;
    setTried(true);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setSummary(t(locale, 'validation.required'));
      focusFirstInvalid(form);
      return;
    }
    setSummary('');
    setBusy(true);
    const values = valuesOf(form);
    try {
      await call(
        inquirySubmit,
        {
          ...values,
          // The check above passed: both are among their choices.
          inquiryType: values.inquiryType as InquiryType,
          applicationIndustry: values.applicationIndustry as Industry,
          submissionId,
          attachment: form.querySelector<HTMLInputElement>('input[type=file]')?.files?.[0],
        },
        { reject: true },
      );
      const customer = $customer.get();
      if (customer) rememberInquiryProfile(customer.email, values);
      location.assign(localePath(locale, '/contact/success'));
    } catch (failure) {
      setSummary(failure instanceof ApiError ? failure.message : t(locale, 'toast.unexpected'));
      setBusy(false);
    }
  };

  // Prefill what is still empty: the link's type and product, the customer's name and email (now, or when
  // the customer's info arrives); and send a submit the guard (contact/index.astro) held back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(() => {
    const form = ref.current;
    if (!form) return;
    const fillIn = (name: string, value: string | undefined) => {
      const field = form.elements.namedItem(name);
      if (value && (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) && !field.value)
        field.value = value;
    };
    const params = new URLSearchParams(location.search);
    const type = params.get('type');
    if (type && INQUIRY_TYPES.includes(type as InquiryType)) {
      const select = form.elements.namedItem('inquiryType');
      if (select instanceof HTMLSelectElement && select.value === 'quote') select.value = type;
    }
    fillIn('productModel', params.get('product')?.slice(0, 200));
    const fromCustomer = (customer: { name: string; email: string } | null) => {
      fillIn('fullName', customer?.name);
      fillIn('email', customer?.email);
      const profile = customer ? inquiryProfileOf(customer.email) : undefined;
      fillIn('company', profile?.company);
      fillIn('department', profile?.department);
      fillIn('country', profile?.country);
    };
    fromCustomer($customer.get());
    setSubscribe(form.querySelector<HTMLInputElement>('input[name=subscribe]')?.checked ?? false);
    form.dataset.ready = '';
    if (form.dataset.pending !== undefined) {
      delete form.dataset.pending;
      void submit();
    }
    return $customer.listen(fromCustomer);
  }, []);

  const described = (name: string, hint?: boolean) =>
    [hint && `${id}-${name}-hint`, errors[name] && `${id}-${name}-error`].filter(Boolean).join(' ') || undefined;
  const invalid = (name: string) => (errors[name] ? true : undefined);
  const errorLine = (name: string) => (
    <p id={`${id}-${name}-error`} className="field-error">
      {errors[name]}
    </p>
  );
  const input = (
    name: 'fullName' | 'email' | 'company' | 'department' | 'country' | 'productModel' | 'phone',
    label: string,
    extra: { type?: string; autoComplete?: string; required?: boolean; hint?: string } = {},
  ) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={extra.type ?? 'text'}
        autoComplete={extra.autoComplete}
        aria-required={extra.required === false ? undefined : true}
        aria-invalid={invalid(name)}
        aria-describedby={described(name, Boolean(extra.hint))}
      />
      {extra.hint && (
        <p id={`${id}-${name}-hint`} className="hint">
          {extra.hint}
        </p>
      )}
      {errorLine(name)}
    </div>
  );
  const gap = locale === 'zh-CN' ? '' : ' ';

  return (
    <form
      ref={ref}
      className="customer-form inquiry-form"
      noValidate
      method="post"
      onSubmit={submit}
      onChange={() => {
        if (tried) setErrors(check());
      }}
    >
      <FormSummary message={summary} />
      <div className="field">
        <label htmlFor={`${id}-inquiryType`}>{t(locale, 'inquiry.type')}</label>
        <select
          id={`${id}-inquiryType`}
          name="inquiryType"
          defaultValue="quote"
          aria-required
          aria-invalid={invalid('inquiryType')}
          aria-describedby={described('inquiryType')}
        >
          {INQUIRY_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(locale, `inquiry.type.${type}`)}
            </option>
          ))}
        </select>
        {errorLine('inquiryType')}
      </div>
      {input('fullName', t(locale, 'inquiry.fullName'), { autoComplete: 'name' })}
      {input('email', t(locale, 'inquiry.email'), { type: 'email', autoComplete: 'email' })}
      {input('company', t(locale, 'inquiry.company'), { autoComplete: 'organization' })}
      {input('department', t(locale, 'inquiry.department'), { autoComplete: 'organization-title' })}
      {input('country', t(locale, 'inquiry.country'), { autoComplete: 'country-name' })}
      {input('productModel', t(locale, 'inquiry.productModel'))}
      <div className="field">
        <label htmlFor={`${id}-message`}>{t(locale, 'inquiry.message')}</label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={6}
          maxLength={5000}
          aria-required
          aria-invalid={invalid('message')}
          aria-describedby={described('message')}
        />
        {errorLine('message')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-attachment`}>{t(locale, 'inquiry.attachment')}</label>
        <input
          id={`${id}-attachment`}
          name="attachment"
          type="file"
          accept={ATTACHMENT_ACCEPT}
          aria-invalid={invalid('attachment')}
          aria-describedby={described('attachment', true)}
        />
        <p id={`${id}-attachment-hint`} className="hint">
          {t(locale, 'contact.attachmentHint')}
        </p>
        {errorLine('attachment')}
      </div>
      <fieldset className="field interests" aria-describedby={described('interestProducts', true)}>
        <legend>{t(locale, 'inquiry.interestProducts')}</legend>
        <p id={`${id}-interestProducts-hint`} className="hint">
          {t(locale, 'contact.interestHint')}
        </p>
        {interests.map((group) => (
          <div key={group.name} className="interest-group">
            <p className="interest-group-name">{group.name}</p>
            {group.options.map((option) => (
              <label key={option.id} className="check">
                <input
                  type="checkbox"
                  name="interestProducts"
                  value={option.id}
                  aria-invalid={invalid('interestProducts')}
                />{' '}
                {option.name}
              </label>
            ))}
          </div>
        ))}
        {errorLine('interestProducts')}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-applicationIndustry`}>{t(locale, 'inquiry.applicationIndustry')}</label>
        <select
          id={`${id}-applicationIndustry`}
          name="applicationIndustry"
          defaultValue=""
          aria-required
          aria-invalid={invalid('applicationIndustry')}
          aria-describedby={described('applicationIndustry')}
        >
          <option value="">{t(locale, 'contact.choose')}</option>
          {INDUSTRIES.map((industry) => (
            <option key={industry} value={industry}>
              {t(locale, `inquiry.industry.${industry}` as MessageKey)}
            </option>
          ))}
        </select>
        {errorLine('applicationIndustry')}
      </div>
      <div className="field check">
        <div>
          <input
            id={`${id}-agreeToTerms`}
            name="agreeToTerms"
            type="checkbox"
            aria-invalid={invalid('agreeToTerms')}
            aria-describedby={described('agreeToTerms')}
          />{' '}
          <label htmlFor={`${id}-agreeToTerms`}>
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
        {errorLine('agreeToTerms')}
      </div>
      <div className="field check">
        <div>
          <input
            id={`${id}-subscribe`}
            name="subscribe"
            type="checkbox"
            onChange={(event) => setSubscribe(event.target.checked)}
          />{' '}
          <label htmlFor={`${id}-subscribe`}>{t(locale, 'contact.subscribe')}</label>
        </div>
      </div>
      {subscribe &&
        input('phone', t(locale, 'register.contactNumber'), {
          type: 'tel',
          autoComplete: 'tel',
          required: false,
          hint: t(locale, 'contact.phoneHint'),
        })}
      <FormActions submitLabel={t(locale, 'contact.send')} busy={busy} />
    </form>
  );
}

// Rendered on the server as React's, without Astro's render to find that out (src/build/internals/island-render.ts).
serverRendered(Inquiry);
