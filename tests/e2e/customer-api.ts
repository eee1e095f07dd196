import { inject } from 'vitest';

/** A call to the API of the served site, with the session token when given; fails unless the code is 200. */
export async function apiCall<T = unknown>(path: string, body: object, token?: string): Promise<T> {
  const response = await fetch(new URL(`/api${path}`, inject('baseUrl')), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { Satoken: token } : {}) },
    body: JSON.stringify({ language: 'en', ...body }),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** Registers a customer through the API with the emailed code: answers what they log in with. */
export async function registerCustomer(customer: {
  tag: string;
  name: string;
  password: string;
}): Promise<{ email: string; password: string }> {
  const stamp = Date.now().toString(36);
  const email = `${customer.tag}.${stamp}@example.com`;
  await apiCall('/client/send/email', { email, purpose: 'register' });
  const mail = await fetch(`${inject('mailUrl')}?to=${encodeURIComponent(email)}`);
  if (!mail.ok) throw new Error(`no code for ${email}: ${await mail.text()}`);
  const { code } = (await mail.json()) as { code: string };
  const { password } = customer;
  await apiCall('/client/register', {
    username: `${customer.tag}_${stamp}`,
    name: customer.name,
    email,
    password,
    confirmPassword: password,
    contactNumber: '+65 6123 4567',
    code,
    agree: true,
  });
  return { email, password };
}

/** Registers a customer through the API with the emailed code and logs in: answers the session token. */
export async function registeredCustomer(customer: { tag: string; name: string; password: string }): Promise<string> {
  const { email, password } = await registerCustomer(customer);
  return apiCall<string>('/client/login', { account: email, password });
}
