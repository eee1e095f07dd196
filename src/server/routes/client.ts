import type { Hono } from 'hono';
import {
  clientCheckCode,
  clientInfo,
  clientLogin,
  clientLogout,
  clientRegister,
  clientResetPassword,
  clientSendEmail,
  clientUpdate,
} from '../../api/client.ts';
import { issueCode, verifyCode } from '../auth/codes.ts';
import { hashPassword, verifyNothing, verifyPassword } from '../auth/password.ts';
import { assertUnderLimits, type Counter, clearCounter, countEvent, LIMITS } from '../auth/rate-limit.ts';
import { createSession, getClientInfo, revokeAllSessions, revokeSession } from '../auth/session.ts';
import {
  assertUnclaimed,
  emailRegistered,
  findLogin,
  insertClient,
  setPasswordByEmail,
  updateClient,
} from '../db/customers.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { type Outbox, queueMail } from '../mail/outbox.ts';
import { codeMail } from '../mail/templates.ts';
import { handle, handleAuthed } from '../router.ts';

export interface ClientServices {
  db: Db;
  outbox: Outbox;
  /** How long a login lasts. */
  sessionDays: number;
}

// Failed logins count per account: by id when the account exists, by what was typed when not.
const accountCounter = (id: number | undefined, account: string): Counter => [
  LIMITS.loginPerAccount,
  id === undefined ? `name:${account.toLowerCase()}` : `id:${id}`,
];

export function clientRoutes(app: Hono, { db, outbox, sessionDays }: ClientServices): void {
  handle(app, db, clientSendEmail, async ({ email, purpose, language }, { address }) => {
    const perAddress: Counter = [LIMITS.codeSendPerAddress, address];
    const perEmail: Counter = [LIMITS.codeSendPerEmail, email];
    await assertUnderLimits(db, [perAddress, perEmail]);
    const registered = await emailRegistered(db, email);
    if (purpose === 'register' && registered) throw new ApiError(409, 'api.emailTaken');
    // For a reset, an unregistered email takes the same path (a code row, a queued email, the same
    // limits), so neither the answer nor its timing says whether the email is registered; only the
    // mailbox's owner learns it, from the email.
    await db.transaction(async (tx) => {
      const code = await issueCode(tx, email, purpose);
      await queueMail(tx, codeMail(language, email, purpose, registered || purpose === 'register' ? code : undefined));
    });
    await countEvent(db, [perAddress, perEmail]);
    outbox.kick();
    return null;
  });

  handle(app, db, clientCheckCode, async ({ email, code, purpose }, { address }) =>
    verifyCode(
      db,
      { email, code, purpose, address },
      { consume: false, onValid: async () => ({ valid: true as const }) },
    ),
  );

  handle(app, db, clientRegister, async (input, { address }) => {
    await assertUnclaimed(db, input);
    const passwordHash = await hashPassword(input.password);
    return verifyCode(
      db,
      { email: input.email, code: input.code, purpose: 'register', address },
      {
        consume: true,
        onValid: (tx) =>
          insertClient(tx, {
            username: input.username,
            name: input.name,
            email: input.email,
            contactNumber: input.contactNumber,
            passwordHash,
          }),
      },
    );
  });

  handle(app, db, clientLogin, async ({ account, password }, { address }) => {
    const found = await findLogin(db, account.trim());
    const counters: Counter[] = [[LIMITS.loginPerAddress, address], accountCounter(found?.id, account.trim())];
    // Checked before the password: once over the limit even the right password is refused.
    await assertUnderLimits(db, counters);
    const ok = found ? await verifyPassword(password, found.password_hash) : await verifyNothing(password);
    if (!found || !ok) {
      await countEvent(db, counters);
      throw new ApiError(400, 'api.wrongCredentials');
    }
    await clearCounter(db, accountCounter(found.id, account));
    return createSession(db, found.id, sessionDays);
  });

  handleAuthed(app, db, clientLogout, async (_input, { client }) => {
    await revokeSession(db, client.tokenHash);
    return null;
  });

  handleAuthed(app, db, clientInfo, (_input, { client }) => getClientInfo(db, client.id));

  handleAuthed(app, db, clientUpdate, (input, { client }) => updateClient(db, client.id, input));

  handle(app, db, clientResetPassword, async ({ email, code, password }, { address }) => {
    // Hashed first, whether or not the email is registered: the same work either way.
    const passwordHash = await hashPassword(password);
    await verifyCode(
      db,
      { email, code, purpose: 'reset', address },
      {
        consume: true,
        onValid: async (tx) => {
          const id = await setPasswordByEmail(tx, email, passwordHash);
          if (id === undefined) return;
          await revokeAllSessions(tx, id);
          await clearCounter(tx, accountCounter(id, email));
        },
      },
    );
    return null;
  });
}
