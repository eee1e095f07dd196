import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { editorSignin, editorSigninSend, editorSignout, SESSION_HOURS } from '#api/editor-session.ts';
import { issueCode, useCode } from '../auth/codes.ts';
import { createEditorToken, revokeTokenById } from '../auth/editors.ts';
import { type Counter, giveBack, LIMITS, takeSlots } from '../auth/rate-limit.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { type Outbox, queueMail } from '../mail/outbox.ts';
import { editorSigninMail } from '../mail/templates.ts';
import { handle, handleEditor } from '../router.ts';

/**
 * Signing in to the editors' workspace: a code mailed to an editor becomes a session token. The answer to
 * a code request is the same for any address; only an editor's mailbox gets a code, and the code rows,
 * limits and tries are the customers' (auth/codes.ts) with their own purpose.
 */
export function editorSessionRoutes(app: Hono, { db, outbox }: { db: Db; outbox: Outbox }): void {
  handle(app, db, editorSigninSend, async ({ email, language }, { address }) => {
    const counters: Counter[] = [
      [LIMITS.codeSendPerAddress, address],
      [LIMITS.codeSendPerEmail, email],
    ];
    await takeSlots(db, counters);
    try {
      await db.transaction(async (tx) => {
        const [editor] = await tx.query('select 1 from editor where email = $1', [email]);
        if (!editor) return;
        const code = await issueCode(tx, email, 'editor');
        await queueMail(tx, editorSigninMail(language, email, code));
      });
    } catch (error) {
      // A resend asked too soon sends nothing, so it spends none of the hour's sends.
      await giveBack(db, counters);
      throw error;
    }
    outbox.kick();
    return null;
  });

  handle(app, db, editorSignin, ({ email, code }, { address }) =>
    useCode(db, { email, code, purpose: 'editor', address }, async () => {
      const [editor] = await db.query<{ id: number }>('select id from editor where email = $1', [email]);
      if (!editor) throw new ApiError(400, 'api.codeWrong');
      const made = await createEditorToken(db, email, {
        name: `session-${randomBytes(6).toString('hex')}`,
        hours: SESSION_HOURS,
        kind: 'session',
        actor: { kind: 'signin', editorId: editor.id, email, address },
      });
      return { token: made.token, expiresAt: made.expiresAt, email: made.editor.email, role: made.editor.role };
    }),
  );

  handleEditor(app, db, editorSignout, async (_input, { editor, actor }) => {
    if (editor.tokenKind !== 'session') return { revoked: false };
    return { revoked: await revokeTokenById(db, actor, editor.tokenId, editor.id) };
  });
}
