import { expect, test } from 'vitest';
import { describeApi, loggedInCustomer } from '#tests/support/testing.ts';
import { hashPassword } from '../auth/password.ts';
import { insertCustomer } from '../db/customers.ts';

const ONE_LINE = {
  en: 'Line breaks, tabs and control characters are not allowed here.',
  zh: '此处不能包含换行符、制表符或控制字符。',
};
const NOTE = {
  en: 'Control characters are not allowed here (line breaks are fine).',
  zh: '此处不能包含控制字符（换行可以）。',
};

const register = {
  username: 'grace',
  name: 'Grace',
  email: 'grace@example.com',
  password: 'difference engine',
  confirmPassword: 'difference engine',
  contactNumber: '+44 20 7946 0000',
  code: '123456',
  agree: true,
};
const address = { name: 'Grace', contactNumber: '+65 6123 4567', address: '12 Science Park Drive', country: 'SG' };

/** Names a header could be split on: CR/LF, NUL, the Unicode line separator, tab, DEL and a C1 control (NEL). */
const badNames = [
  ['CR/LF', 'Grace\r\nBcc: evil@example.com'],
  ['a NUL', 'Grace\u0000Hopper'],
  ['U+2028', 'Grace\u2028Bcc: evil@example.com'],
  ['U+2029', 'Grace\u2029Hopper'],
  ['a tab', 'Grace\tHopper'],
  ['DEL', 'Grace\u007fHopper'],
  ['NEL (C1)', 'Grace\u0085Hopper'],
] as const;

/** Any character a mail reader could take for the end of a header line, or another control character. */
const BREAKS = /[\p{Cc}\u2028\u2029]/u;

describeApi('control characters in customer text', (api) => {
  test.each(badNames)('refuses a name with %s at registration with 400, in English and Chinese', async (_, name) => {
    const english = await api.post('/client/register', { ...register, name, language: 'en' });
    expect(english.status).toBe(400);
    expect(english.body).toEqual({ code: 400, msg: ONE_LINE.en, data: null });
    const chinese = await api.post('/client/register', { ...register, name, language: 'zh' });
    expect(chinese.body).toEqual({ code: 400, msg: ONE_LINE.zh, data: null });
  });

  test('refuses control characters in every line of an address and in a changed name', async () => {
    const { headers } = await loggedInCustomer(api);
    for (const field of ['name', 'address', 'postalCode', 'country'] as const) {
      for (const bad of ['1\r\n2', '1\u00002', '1\u20282', '1\u20292', '1\t2', '1\u007f2', '1\u00852']) {
        const saved = await api.post('/client/addresses/save', { ...address, [field]: bad, language: 'zh' }, headers);
        expect(saved.body, `${field}: ${JSON.stringify(bad)}`).toEqual({ code: 400, msg: ONE_LINE.zh, data: null });
      }
    }
    const updated = await api.post('/client/update', { name: 'Grace\nHopper' }, headers);
    expect(updated.body).toEqual({ code: 400, msg: ONE_LINE.en, data: null });
    expect((await api.get('/client/info', headers)).body.data.name).not.toMatch(BREAKS);
  });

  test('keeps line breaks in an order note but refuses other control characters there', async () => {
    const { headers } = await loggedInCustomer(api);
    const saved = await api.post('/client/addresses/save', address, headers);
    const [product] = await api.db.query<{ id: number }>('select id from product where published order by id limit 1');
    for (const remark of ['Call first\u0000', 'Line one\u2028line two', 'Bell\u0007', 'NEL\u0085']) {
      for (const language of ['en', 'zh'] as const) {
        const refused = await api.post('/order/submit', { language, addressId: saved.body.data.id, remark }, headers);
        expect(refused.body).toEqual({ code: 400, msg: NOTE[language], data: null });
      }
    }
    await api.post('/shop/cart/save', { productId: product?.id }, headers);
    const submitted = await api.post(
      '/order/submit',
      { addressId: saved.body.data.id, remark: 'Line one\r\nLine two\n\tindented' },
      headers,
    );
    expect(submitted.body.code).toBe(200);
    expect(submitted.body.data.remark).toBe('Line one\r\nLine two\n\tindented');
  });

  test('writes no line break into the sales mail’s subject when a bad name is already stored', async () => {
    // A name that got into the database another way (an import, an older version): the mail must still be safe.
    const password = 'correct horse battery';
    const name = 'Grace\r\nBcc: evil@example.com\u2028X-Evil: 1\u0085Hopper\u0007';
    await insertCustomer(api.db, {
      username: 'stored-bad-name',
      email: 'stored-bad-name@example.com',
      name,
      contactNumber: '+65 6123 4567',
      passwordHash: await hashPassword(password),
    });
    const login = await api.post('/client/login', { account: 'stored-bad-name', password });
    const headers = { Satoken: login.body.data as string };
    const saved = await api.post('/client/addresses/save', address, headers);
    const [product] = await api.db.query<{ id: number }>('select id from product where published order by id limit 1');
    await api.post('/shop/cart/save', { productId: product?.id }, headers);
    const submitted = await api.post('/order/submit', { addressId: saved.body.data.id }, headers);
    expect(submitted.body.code).toBe(200);
    const orderNo: string = submitted.body.data.orderNo;

    const sales = await api.mail.waitFor('sales@lumenlab-instruments.example', (m) => m.subject.includes(orderNo));
    expect(sales.subject).not.toMatch(BREAKS);
    expect(sales.subject).toBe(`New order request ${orderNo} from Grace Bcc: evil@example.com X-Evil: 1 Hopper`);
    const head = sales.raw.slice(0, sales.raw.search(/\r?\n\r?\n/));
    expect(head).not.toMatch(/^(?:Bcc|X-Evil):/im);
    expect(sales.to).toEqual(['sales@lumenlab-instruments.example']);
  });
});
