import { expect, test } from 'vitest';
import { describeApi, loggedInCustomer } from '#tests/support/testing.ts';

const register = {
  username: 'ada',
  name: 'Ada',
  email: 'ada@example.com',
  password: 'difference engine',
  confirmPassword: 'difference engine',
  contactNumber: '+44 20 7946 0000',
  code: '123456',
  agree: true,
};
const reset = { email: 'ada@example.com', code: '123456', password: 'new secret 1', confirmPassword: 'new secret 1' };
const address = { name: 'Ada', contactNumber: '+65 6123 4567', address: '12 Science Park Drive', country: 'Singapore' };

// [path, bad payload, English message, Chinese message]: one or more per new POST call.
const cases: [string, Record<string, unknown>, string, string][] = [
  [
    '/client/send/email',
    { email: 'not-an-email', purpose: 'register' },
    'Please enter a valid email address.',
    '请输入有效的电子邮箱地址。',
  ],
  [
    '/client/send/email',
    { email: 'ada@example.com', purpose: 'login' },
    'Unknown purpose for the code.',
    '验证码用途无效。',
  ],
  [
    '/client/check/code',
    { email: 'ada@example.com', code: '12ab56', purpose: 'register' },
    'The verification code has 6 digits.',
    '验证码为 6 位数字。',
  ],
  ['/client/check/code', { code: '123456', purpose: 'register' }, 'Please enter your email', '请输入电子邮箱'],
  [
    '/client/register',
    { ...register, confirmPassword: 'another engine' },
    'Password not consistent',
    '两次输入的密码不一致',
  ],
  [
    '/client/register',
    { ...register, agree: false },
    'Please check the terms and privacy policy',
    '请勾选同意条款与隐私政策',
  ],
  ['/client/register', { ...register, username: undefined }, 'Please enter your username', '请输入用户名'],
  [
    '/client/register',
    { ...register, email: 'ada@' },
    'Please enter a valid email address.',
    '请输入有效的电子邮箱地址。',
  ],
  [
    '/client/login',
    { account: '  ', password: 'difference engine' },
    'Please enter your username or email',
    '请输入用户名或邮箱',
  ],
  ['/client/login', { account: 'ada' }, 'Please enter your password', '请输入密码'],
  ['/client/update', { contactNumber: 'call me' }, 'Please enter a valid contact number.', '请输入有效的联系电话。'],
  ['/client/update', { name: '' }, 'Please enter your name', '请输入姓名'],
  [
    '/client/password/reset',
    { ...reset, password: 'short', confirmPassword: 'short' },
    'Use 8 to 128 characters for the password.',
    '密码长度为 8 到 128 个字符。',
  ],
  [
    '/client/password/reset',
    { ...reset, confirmPassword: 'new secret 2' },
    'Password not consistent',
    '两次输入的密码不一致',
  ],
  ['/client/addresses/save', { ...address, address: undefined }, 'Please enter the address', '请输入地址'],
  ['/client/addresses/save', { ...address, country: ' ' }, 'Please enter the country', '请输入国家或地区'],
  [
    '/client/addresses/remove',
    { id: 'one' },
    'Invalid value for "id": expected number, got "one"',
    '字段“id”的值无效：应为 number，实际为 "one"',
  ],
  [
    '/client/addresses/list',
    { language: 'fr' },
    'Invalid value for "language": expected one of ("en" | "zh"), got "fr"',
    '',
  ],
  [
    '/shop/cart/page',
    { pageSize: 1000 },
    'Invalid value for "pageSize": must be at most 999',
    '字段“pageSize”的值无效：不能大于 999',
  ],
  [
    '/shop/cart/save',
    { productId: 1, quantity: 0 },
    'Enter a whole number from 1 to 999.',
    '请输入 1 到 999 之间的整数。',
  ],
  [
    '/shop/cart/update',
    { productId: 1, quantity: 1.5 },
    'Enter a whole number from 1 to 999.',
    '请输入 1 到 999 之间的整数。',
  ],
  [
    '/shop/cart/delete',
    {},
    'Invalid value for "productId": this field is required',
    '字段“productId”的值无效：此字段为必填项',
  ],
  [
    '/favorite/page',
    { pageNum: 0 },
    'Invalid value for "pageNum": must be at least 1',
    '字段“pageNum”的值无效：不能小于 1',
  ],
  [
    '/favorite/save',
    { productId: -1 },
    'Invalid value for "productId": must be at least 1',
    '字段“productId”的值无效：不能小于 1',
  ],
  [
    '/favorite/delete',
    { productId: 'x' },
    'Invalid value for "productId": expected number, got "x"',
    '字段“productId”的值无效：应为 number，实际为 "x"',
  ],
  [
    '/news/collect/page',
    { pageSize: 0 },
    'Invalid value for "pageSize": must be at least 1',
    '字段“pageSize”的值无效：不能小于 1',
  ],
  [
    '/news/collect/save',
    { newsId: null },
    'Invalid value for "newsId": expected number, got null',
    '字段“newsId”的值无效：应为 number，实际为 null',
  ],
  [
    '/news/collect/delete',
    { newsId: 2.5 },
    'Invalid value for "newsId": expected a whole number',
    '字段“newsId”的值无效：应为整数',
  ],
  [
    '/order/page',
    { pageNum: '2' },
    'Invalid value for "pageNum": expected number, got "2"',
    '字段“pageNum”的值无效：应为 number，实际为 "2"',
  ],
  ['/order/submit', { addressId: 1, remark: 'x'.repeat(1001) }, 'This is too long.', '内容过长。'],
  [
    '/order/submit',
    {},
    'Invalid value for "addressId": this field is required',
    '字段“addressId”的值无效：此字段为必填项',
  ],
];

describeApi('bad input on the customer calls', (api) => {
  test.each(cases)('answers 400 for bad input to %s, in both languages', async (path, payload, en, zh) => {
    const { headers } = await loggedInCustomer(api);
    const english = await api.post(path, { language: 'en', ...payload }, headers);
    expect(english.status).toBe(400);
    expect(english.body).toEqual({ code: 400, msg: en, data: null });
    if (!zh) return;
    const chinese = await api.post(path, { ...payload, language: 'zh' }, headers);
    expect(chinese.body).toEqual({ code: 400, msg: zh, data: null });
  });

  test('answers 400 for a bad language on the GET calls', async () => {
    const { headers } = await loggedInCustomer(api);
    for (const path of ['/client/info', '/client/logout']) {
      const bad = await api.get(`${path}?language=fr`, headers);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({
        code: 400,
        msg: 'Invalid value for "language": expected one of ("en" | "zh"), got "fr"',
        data: null,
      });
    }
    expect((await api.get('/client/info', headers)).body.code).toBe(200);
  });

  test('answers 401 before looking at the input of a call that needs a login', async () => {
    const response = await api.post('/shop/cart/save', { language: 'zh', productId: 'nope' });
    expect(response.body).toEqual({ code: 401, msg: '请先登录。', data: null });
  });
});
