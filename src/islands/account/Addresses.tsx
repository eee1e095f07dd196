import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Address } from '#api/customer.ts';
import { type Locale, t } from '#i18n/index.ts';
import { $addresses, loadAddresses, removeAddress } from '#stores/addresses.ts';
import ConfirmDialog from '../ConfirmDialog.tsx';
import AddressForm from './AddressForm.tsx';
import Loading from './Loading.tsx';

/** One address as a block of lines. */
export function AddressLines({ address }: { address: Omit<Address, 'id' | 'isDefault'> }) {
  return (
    <>
      <strong>{address.name}</strong>
      <br />
      {address.address}
      <br />
      {[address.postalCode, address.country].filter(Boolean).join(' ')}
      <br />
      {address.contactNumber}
    </>
  );
}

/** The customer's addresses: add, edit, delete (after a confirmation). */
export default function Addresses({ locale }: { locale: Locale }) {
  const addresses = useStore($addresses);
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);

  useEffect(() => {
    void loadAddresses();
  }, []);

  if (!addresses) {
    return <Loading locale={locale} />;
  }

  return (
    <section className="addresses">
      {addresses.length === 0 && editing === null && <p className="empty">{t(locale, 'address.empty')}</p>}
      <ul className="address-list">
        {addresses.map((address) =>
          editing !== 'new' && editing?.id === address.id ? (
            <li key={address.id}>
              <AddressForm
                locale={locale}
                address={address}
                onSaved={() => setEditing(null)}
                onCancel={() => setEditing(null)}
              />
            </li>
          ) : (
            <li key={address.id} className="address-card">
              <p>
                {address.isDefault && <span className="badge">{t(locale, 'address.default')}</span>}{' '}
                <AddressLines address={address} />
              </p>
              <div className="form-actions">
                <button
                  type="button"
                  className="secondary"
                  aria-label={t(locale, 'address.editNamed', { name: address.name })}
                  onClick={() => setEditing(address)}
                >
                  {t(locale, 'address.edit')}
                </button>
                <button
                  type="button"
                  className="secondary danger"
                  aria-label={t(locale, 'address.deleteNamed', { name: address.name })}
                  onClick={() => setDeleting(address)}
                >
                  {t(locale, 'address.delete')}
                </button>
              </div>
            </li>
          ),
        )}
      </ul>
      {editing === 'new' ? (
        <AddressForm locale={locale} onSaved={() => setEditing(null)} onCancel={() => setEditing(null)} />
      ) : (
        <button type="button" onClick={() => setEditing('new')}>
          {t(locale, 'address.add')}
        </button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t(locale, 'address.deleteConfirm')}
        text={deleting ? `${deleting.name}, ${deleting.address}, ${deleting.country}` : ''}
        confirmLabel={t(locale, 'address.deleteYes')}
        cancelLabel={t(locale, 'address.deleteNo')}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          const target = deleting;
          setDeleting(null);
          if (target) await removeAddress(target.id);
        }}
      />
    </section>
  );
}
