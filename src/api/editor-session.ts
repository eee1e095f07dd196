import * as v from 'valibot';
import { defineCall, LanguageField, LanguageRequest } from './common.ts';
import { EDITOR_ROLES } from './editor-accounts.ts';
import { Code, Email } from './fields.ts';

// Signing in to the editors' workspace (issue 39): a code mailed to an editor's address becomes a session
// token (an editor token of kind `session`, decision 0063) that ends after SESSION_HOURS. A token made for a
// tool signs in too: the workspace sends it as it is and asks /editor/me who it belongs to.

/** How long a workspace sign-in lasts. */
export const SESSION_HOURS = 12;

export const editorSigninSend = defineCall({
  method: 'POST',
  path: '/editor/signin/send',
  tag: 'editor',
  summary:
    'Mails a 6-digit sign-in code (valid 10 minutes, 5 tries, resend once a minute) to an editor’s address. It answers the same whether or not the address belongs to an editor; only an editor’s mailbox gets a code.',
  request: v.object({ language: LanguageField, email: Email }),
  response: v.null(),
});

export const editorSignin = defineCall({
  method: 'POST',
  path: '/editor/signin',
  tag: 'editor',
  summary: `Uses a sign-in code up and answers a session token for \`Authorization: Bearer\`, ending in ${SESSION_HOURS} hours.`,
  request: v.object({ language: LanguageField, email: Email, code: Code }),
  response: v.object({
    token: v.string(),
    expiresAt: v.string(),
    email: v.string(),
    role: v.picklist(EDITOR_ROLES),
  }),
});

export const editorSignout = defineCall({
  method: 'POST',
  path: '/editor/signout',
  tag: 'editor',
  summary:
    'Ends the sign-in the request is made with: a session token is revoked; a token made for a tool is left as it is (the workspace forgets it).',
  request: LanguageRequest,
  response: v.object({ revoked: v.boolean() }),
});
