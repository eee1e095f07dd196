import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { RegisterRequest } from '#api/customer.ts';
import { fieldErrors } from './validation.ts';

const valid = {
  username: 'ada_l',
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  password: 'secret123',
  confirmPassword: 'secret123',
  contactNumber: '+65 6123 4567',
  code: '123456',
  agree: true,
};
const errors = (input: unknown, locale: 'en' | 'zh-CN' = 'en') => {
  const result = v.safeParse(RegisterRequest, input, { abortEarly: false });
  return result.success ? {} : fieldErrors(result.issues, locale);
};

describe('validation messages', () => {
  test('are the specification’s words in English', () => {
    expect(errors({ ...valid, email: 'not-an-email' }).email).toBe('Please enter a valid email address.');
    expect(errors({ ...valid, confirmPassword: 'other-one' }).confirmPassword).toBe('Password not consistent');
    expect(errors({ ...valid, agree: false }).agree).toBe('Please check the terms and privacy policy');
  });
  test('prompt for each missing required field, in both languages', () => {
    expect(errors({ ...valid, password: '' }).password).toBe('Please enter your password');
    expect(errors({})).toMatchObject({
      username: 'Please enter your username',
      code: 'Please enter the verification code',
      contactNumber: 'Please enter your contact number',
    });
    expect(errors({ ...valid, name: '   ' }, 'zh-CN').name).toBe('请输入姓名');
    expect(errors({ ...valid, email: 'x' }, 'zh-CN').email).toBe('请输入有效的电子邮箱地址。');
  });
  test('accept a valid registration', () => {
    expect(errors(valid)).toEqual({});
  });
});
