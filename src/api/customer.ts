import * as v from 'valibot';
import { defineCall, Id, LanguageField, LanguageRequest, Timestamp } from './common.ts';
import {
  AgreeToTerms,
  Code,
  ConfirmPassword,
  ContactNumber,
  Email,
  optionalText,
  Password,
  passwordsMatch,
  requiredText,
  Username,
} from './fields.ts';

/** The logged-in customer, as /client/info answers. */
export const CustomerInfo = v.object({
  id: Id,
  username: v.string(),
  name: v.string(),
  email: v.string(),
  contactNumber: v.string(),
  createdAt: Timestamp,
});
export type CustomerInfo = v.InferOutput<typeof CustomerInfo>;

const CodePurpose = v.picklist(['register', 'reset'], 'validation.purpose');

const registerEntries = v.object({
  language: LanguageField,
  username: Username,
  name: requiredText('validation.required.name', 100),
  email: Email,
  password: Password,
  confirmPassword: ConfirmPassword,
  contactNumber: ContactNumber,
  code: Code,
  agree: AgreeToTerms,
});
export const RegisterRequest = v.pipe(registerEntries, passwordsMatch<v.InferOutput<typeof registerEntries>>());

export const customerRegister = defineCall({
  method: 'POST',
  path: '/client/register',
  tag: 'client',
  summary: 'Registers a customer with the verification code sent to their email.',
  request: RegisterRequest,
  response: CustomerInfo,
});

export const LoginRequest = v.object({
  language: LanguageField,
  /** Username or email. */
  account: requiredText('validation.required.account', 254),
  password: v.pipe(
    v.string('validation.required.password'),
    v.nonEmpty('validation.required.password'),
    v.maxLength(128),
  ),
});

export const customerLogin = defineCall({
  method: 'POST',
  path: '/client/login',
  tag: 'client',
  summary: 'Logs in; data is the token to send as the Satoken header.',
  request: LoginRequest,
  response: v.string(),
});

export const customerLogout = defineCall({
  method: 'GET',
  path: '/client/logout',
  tag: 'client',
  summary: 'Revokes the token it is called with.',
  request: LanguageRequest,
  response: v.null(),
});

export const customerInfo = defineCall({
  method: 'GET',
  path: '/client/info',
  tag: 'client',
  summary: 'The logged-in customer.',
  request: LanguageRequest,
  response: CustomerInfo,
});

export const UpdateRequest = v.object({
  language: LanguageField,
  name: v.optional(requiredText('validation.required.name', 100)),
  contactNumber: v.optional(ContactNumber),
});

export const customerUpdate = defineCall({
  method: 'POST',
  path: '/client/update',
  tag: 'client',
  summary: "Changes the customer's name or contact number; data is merged into the user.",
  request: UpdateRequest,
  response: CustomerInfo,
});

const SendCodeRequest = v.object({ language: LanguageField, email: Email, purpose: CodePurpose });

export const customerSendEmail = defineCall({
  method: 'POST',
  path: '/client/send/email',
  tag: 'client',
  summary:
    'Emails a 6-digit verification code (valid 10 minutes, 5 tries, resend once a minute). It answers the same whether or not the email is registered; the email itself says when no code applies (an account already uses it for register, none does for reset).',
  request: SendCodeRequest,
  response: v.null(),
});

const CheckCodeRequest = v.object({ language: LanguageField, email: Email, code: Code, purpose: CodePurpose });

export const customerCheckCode = defineCall({
  method: 'POST',
  path: '/client/check/code',
  tag: 'client',
  summary: 'Checks a verification code without using it up (counts as a try).',
  request: CheckCodeRequest,
  response: v.object({ valid: v.literal(true) }),
});

const resetEntries = v.object({
  language: LanguageField,
  email: Email,
  code: Code,
  password: Password,
  confirmPassword: ConfirmPassword,
});
export const ResetPasswordRequest = v.pipe(resetEntries, passwordsMatch<v.InferOutput<typeof resetEntries>>());

export const customerResetPassword = defineCall({
  method: 'POST',
  path: '/client/password/reset',
  tag: 'client',
  summary: 'Sets a new password with an emailed code; every session of the account ends.',
  request: ResetPasswordRequest,
  response: v.null(),
});

export const Address = v.object({
  id: Id,
  name: v.string(),
  contactNumber: v.string(),
  address: v.string(),
  postalCode: v.string(),
  country: v.string(),
  isDefault: v.boolean(),
});
export type Address = v.InferOutput<typeof Address>;

export const AddressInput = v.object({
  language: LanguageField,
  /** Absent to add, present to edit. */
  id: v.optional(Id),
  name: requiredText('validation.required.name', 100),
  contactNumber: ContactNumber,
  address: requiredText('validation.required.address', 500),
  postalCode: optionalText(20),
  country: requiredText('validation.required.country', 100),
  isDefault: v.optional(v.boolean(), false),
});

export const addressesList = defineCall({
  method: 'POST',
  path: '/client/addresses/list',
  tag: 'client',
  summary: "The customer's addresses, default first.",
  request: LanguageRequest,
  response: v.array(Address),
});

export const addressesSave = defineCall({
  method: 'POST',
  path: '/client/addresses/save',
  tag: 'client',
  summary: 'Adds an address, or edits one of the customer’s own (id).',
  request: AddressInput,
  response: Address,
});

export const addressesRemove = defineCall({
  method: 'POST',
  path: '/client/addresses/remove',
  tag: 'client',
  summary: 'Deletes one of the customer’s own addresses.',
  request: v.object({ language: LanguageField, id: Id }),
  response: v.null(),
});
