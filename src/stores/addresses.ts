import { atom } from 'nanostores';
import type { RequestOf } from '#api/common.ts';
import { type Address, addressesList, addressesRemove, addressesSave } from '#api/customer.ts';
import { t } from '#i18n/index.ts';
import { call } from './api-client.ts';
import { $locale } from './locale.ts';
import { showToast } from './toasts.ts';
import { $token } from './token.ts';

/** The customer's addresses, default first; null until loaded. */
export const $addresses = atom<Address[] | null>(null);

export type AddressFields = Omit<RequestOf<typeof addressesSave>, 'language'>;

/** The list with a saved address in place (or added), the default first as the server orders them. */
export function withAddress(list: Address[], saved: Address): Address[] {
  const updated = list.map((a) => (a.id === saved.id ? saved : saved.isDefault ? { ...a, isDefault: false } : a));
  const next = updated.some((a) => a.id === saved.id) ? updated : [...updated, saved];
  return [...next.filter((a) => a.isDefault), ...next.filter((a) => !a.isDefault)];
}

export async function loadAddresses(): Promise<void> {
  const list = await call(addressesList, {});
  if (list) $addresses.set(list);
}

/** Adds an address, or edits one (with id); failures come back to the form. */
export async function saveAddress(fields: AddressFields): Promise<Address> {
  const saved = await call(addressesSave, fields, { reject: true });
  $addresses.set(withAddress($addresses.get() ?? [], saved));
  showToast(t($locale.get(), 'toast.addressSaved'), 'success');
  return saved;
}

export async function removeAddress(id: number): Promise<boolean> {
  if ((await call(addressesRemove, { id })) === undefined) return false;
  $addresses.set(($addresses.get() ?? []).filter((a) => a.id !== id));
  showToast(t($locale.get(), 'toast.addressRemoved'), 'success');
  return true;
}

$token.listen((token) => {
  if (!token) $addresses.set(null);
});
