import { expect, test } from 'vitest';
import { describeApi, loggedInCustomer } from '#tests/support/testing.ts';

const home = {
  name: 'Ada Lovelace',
  contactNumber: '+65 6123 4567',
  address: '12 Science Park Drive',
  postalCode: '119276',
  country: 'Singapore',
};

describeApi('addresses', (api) => {
  test('adds, lists default first, edits and removes the customer’s addresses', async () => {
    const { headers } = await loggedInCustomer(api);
    expect((await api.post('/client/addresses/list', {}, headers)).body.data).toEqual([]);
    const first = await api.post('/client/addresses/save', home, headers);
    expect(first.body.data).toMatchObject({ ...home, isDefault: true });
    const second = await api.post('/client/addresses/save', { ...home, address: '1 Fusionopolis Way' }, headers);
    expect(second.body.data.isDefault).toBe(false);
    const list = await api.post('/client/addresses/list', {}, headers);
    expect(list.body.data.map((a: { id: number }) => a.id)).toEqual([first.body.data.id, second.body.data.id]);

    const edited = await api.post(
      '/client/addresses/save',
      { ...home, id: second.body.data.id, address: '2 Fusionopolis Way', isDefault: true },
      headers,
    );
    expect(edited.body.data).toMatchObject({ id: second.body.data.id, address: '2 Fusionopolis Way', isDefault: true });
    const after = await api.post('/client/addresses/list', {}, headers);
    expect(after.body.data.map((a: { isDefault: boolean }) => a.isDefault)).toEqual([true, false]);

    expect((await api.post('/client/addresses/remove', { id: second.body.data.id }, headers)).body.code).toBe(200);
    const left = await api.post('/client/addresses/list', {}, headers);
    expect(left.body.data).toEqual([{ ...first.body.data, isDefault: true }]);
  });

  test('keeps exactly one default when addresses are saved and removed at once', async () => {
    const { headers } = await loggedInCustomer(api);
    const saves = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api.post('/client/addresses/save', { ...home, address: `${i} Science Park`, isDefault: i % 2 === 0 }, headers),
      ),
    );
    expect(saves.map((save) => save.body.code)).toEqual(Array(8).fill(200));
    const removals = await Promise.all(
      saves.slice(0, 4).map((save) => api.post('/client/addresses/remove', { id: save.body.data.id }, headers)),
    );
    expect(removals.map((removal) => removal.body.code)).toEqual(Array(4).fill(200));
    const list = await api.post('/client/addresses/list', {}, headers);
    expect(list.body.data).toHaveLength(4);
    expect(list.body.data.filter((address: { isDefault: boolean }) => address.isDefault)).toHaveLength(1);
  });

  test('answers 404 for someone else’s address and leaves it unchanged', async () => {
    const owner = await loggedInCustomer(api);
    const intruder = await loggedInCustomer(api);
    const saved = await api.post('/client/addresses/save', home, owner.headers);
    const id = saved.body.data.id;

    const edit = await api.post('/client/addresses/save', { ...home, id, address: 'Hijacked' }, intruder.headers);
    expect(edit.status).toBe(404);
    expect(edit.body).toEqual({ code: 404, msg: 'Address not found.', data: null });
    const remove = await api.post('/client/addresses/remove', { language: 'zh', id }, intruder.headers);
    expect(remove.body).toEqual({ code: 404, msg: '未找到该地址。', data: null });
    const order = await api.post('/order/submit', { addressId: id }, intruder.headers);
    expect(order.status).toBe(404);
    expect((await api.post('/client/addresses/list', {}, intruder.headers)).body.data).toEqual([]);

    const ownList = await api.post('/client/addresses/list', {}, owner.headers);
    expect(ownList.body.data).toEqual([saved.body.data]);
  });

  test('answers 404 for an address id that does not exist', async () => {
    const { headers } = await loggedInCustomer(api);
    const missing = await api.post('/client/addresses/remove', { id: 987654 }, headers);
    expect(missing.body).toEqual({ code: 404, msg: 'Address not found.', data: null });
  });
});
