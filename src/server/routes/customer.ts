import type { Hono } from 'hono';
import {
  customerCheckCode,
  customerInfo,
  customerLogin,
  customerLogout,
  customerRegister,
  customerResetPassword,
  customerSendEmail,
  customerUpdate,
} from '#api/customer.ts';
import { checkCode, issueCode, useCode } from '../auth/codes.ts';
import { hashPassword, needsRehash, verifyNothing, verifyPassword } from '../auth/password.ts';
import { type Counter, clearCounter, giveBack, LIMITS, takeSlots } from '../auth/rate-limit.ts';
import { createSession, getCustomerInfo, revokeAllSessions, revokeSession } from '../auth/session.ts';
import {
  assertUnclaimed,
  emailRegistered,
  findLogin,
  insertCustomer,
  replacePasswordHash,
  setPasswordByEmail,
  updateCustomer,
} from '../db/customers.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { type Outbox, queueMail } from '../mail/outbox.ts';
import { codeMail } from '../mail/templates.ts';
import { handle, handleAuthed } from '../router.ts';

export interface CustomerServices {
  db: Db;
  outbox: Outbox;
  /** How long a login lasts. */
  sessionDays: number;
}

// Logins count per account: by id when the account exists, by what was typed when not.
const accountOf = (id: number | undefined, account: string) =>
  id === undefined ? `name:${account.toLowerCase()}` : `id:${id}`;

/** The counters of a login: tight per account and address, loose per address, spaced per account. */
function loginCounters(account: string, address: string) {
  return {
    perPair: [LIMITS.loginPerAccountAddress, `${account}@${address}`] as Counter,
    perAddress: [LIMITS.loginPerAddress, address] as Counter,
    perAccount: [LIMITS.loginPerAccount, account] as Counter,
  };
}

export function customerRoutes(app: Hono, { db, outbox, sessionDays }: CustomerServices): void {
  handle(app, db, customerSendEmail, async ({ email, purpose, language }, { address }) => {
    const counters: Counter[] = [
      [LIMITS.codeSendPerAddress, address],
      [LIMITS.codeSendPerEmail, email],
    ];
    await takeSlots(db, counters);
    // Whether the email is registered, for either purpose, changes only the email's text: the answer,
    // the limits and the work (a code row, a queued email) are the same, so only the mailbox learns it.
    try {
      const registered = await emailRegistered(db, email);
      await db.transaction(async (tx) => {
        const code = await issueCode(tx, email, purpose);
        await queueMail(tx, codeMail(language, email, purpose, { registered, code }));
      });
    } catch (error) {
      // A resend asked too soon sends nothing, so it spends none of the hour's sends.
      await giveBack(db, counters);
      throw error;
    }
    outbox.kick();
    return null;
  });

  handle(app, db, customerCheckCode, async ({ email, code, purpose }, { address }) => {
    await checkCode(db, { email, code, purpose, address });
    return { valid: true as const };
  });

  // The code comes first: names are checked (a taken one answers 409) and the password hashed only
  // for the holder of a right code, which proves the mailbox. A registered email never gets a code.
  handle(app, db, customerRegister, async (input, { address }) =>
    useCode(db, { email: input.email, code: input.code, purpose: 'register', address }, async () => {
      await assertUnclaimed(db, input);
      return insertCustomer(db, {
        username: input.username,
        name: input.name,
        email: input.email,
        contactNumber: input.contactNumber,
        passwordHash: await hashPassword(input.password),
      });
    }),
  );

  handle(app, db, customerLogin, async ({ account, password }, { address }) => {
    const typed = account.trim();
    const found = await findLogin(db, typed);
    const { perPair, perAddress, perAccount } = loginCounters(accountOf(found?.id, typed), address);
    // Limits first, each decided in one statement, then the password: an attempt over a limit costs
    // no hash, and once over it even the right password is refused (it might be a lucky guess). The
    // account's own ceiling is taken only by attempts the address limits let through, so a stranger
    // refused at his address takes no turn from the owner.
    await takeSlots(db, [perPair, perAddress]);
    try {
      await takeSlots(db, [perAccount]);
    } catch (error) {
      await giveBack(db, [perPair, perAddress]);
      throw error;
    }
    const ok = found ? await verifyPassword(password, found.password_hash) : await verifyNothing(password);
    if (!found || !ok) throw new ApiError(400, 'api.wrongCredentials');
    await clearCounter(db, perPair);
    await giveBack(db, [perAddress, perAccount]);
    if (needsRehash(found.password_hash)) {
      await replacePasswordHash(db, found.id, found.password_hash, await hashPassword(password));
    }
    return createSession(db, found.id, sessionDays);
  });

  handleAuthed(app, db, customerLogout, async (_input, { customer }) => {
    await revokeSession(db, customer.tokenHash);
    return null;
  });

  handleAuthed(app, db, customerInfo, (_input, { customer }) => getCustomerInfo(db, customer.id));

  handleAuthed(app, db, customerUpdate, (input, { customer }) => updateCustomer(db, customer.id, input));

  handle(app, db, customerResetPassword, async ({ email, code, password }, { address }) => {
    // An unregistered email never gets a code, so its resets fail at the code like any guess, and
    // nothing is hashed for either until a right code.
    await useCode(db, { email, code, purpose: 'reset', address }, async () => {
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const id = await setPasswordByEmail(tx, email, passwordHash);
        if (id === undefined) return;
        await revokeAllSessions(tx, id);
        await clearCounter(tx, [LIMITS.loginPerAccount, accountOf(id, email)]);
      });
    });
    return null;
  });
}
