import { describe, expect, test } from 'vitest';
import type { Address } from '#api/customer.ts';
import { withAddress } from './addresses.ts';

const address = (id: number, isDefault = false, name = `A${id}`): Address => ({
  id,
  name,
  contactNumber: '+65 6123 4567',
  address: `${id} Science Park Road`,
  postalCode: '119276',
  country: 'Singapore',
  isDefault,
});

describe('the addresses store', () => {
  test('adds a new address after the others and edits one in place', () => {
    const list = [address(1, true), address(2)];
    expect(withAddress(list, address(3)).map((a) => a.id)).toEqual([1, 2, 3]);
    expect(withAddress(list, address(2, false, 'Renamed')).map((a) => a.name)).toEqual(['A1', 'Renamed']);
  });

  test('keeps one default address, listed first', () => {
    const list = [address(1, true), address(2)];
    const next = withAddress(list, address(2, true));
    expect(next.map((a) => [a.id, a.isDefault])).toEqual([
      [2, true],
      [1, false],
    ]);
  });
});
