import type { EditorRole } from '#api/editor-accounts.ts';
import { type BuildRow, buildStatus, type Releases } from '#build/queue.ts';
import { type MessageKey, t } from '#i18n/index.ts';
import type { Actor } from '../auth/actor.ts';
import { createEditorToken, listEditors, listTokens, revokeEditorTokens } from '../auth/editors.ts';
import { type AuditFilter, listAudit } from '../db/audit.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { publisher, requestRebuild, rollbackRelease } from '../publishing.ts';

// What the command-line tools do to the database (`npm run editor`, `rebuild`, `rollback`), as
// operations run either in the tool's own process, on a database it opened, or in the server's, when the
// server holds the embedded database (channel.ts). Either way the same code writes the same trail.

/** What an operation runs with. */
export interface OpContext {
  db: Db;
  /** The shell that asked. */
  actor: Actor;
  /** The releases the process publishes, when it does (a server with a builder, `npm run rollback`). */
  releases?: Releases | undefined;
  /** Wakes the process's builder, when it has one. */
  kick?: (() => void) | undefined;
}

export const ops = {
  async 'editor.create'(
    { db, actor }: OpContext,
    input: { email: string; role?: EditorRole | undefined; name?: string | undefined; days?: number | undefined },
  ) {
    const made = await createEditorToken(db, input.email, { ...input, actor });
    return {
      email: made.editor.email,
      role: made.editor.role,
      created: made.created,
      token: made.token,
      name: made.name,
      expiresAt: made.expiresAt,
    };
  },
  async 'editor.revoke'({ db, actor }: OpContext, input: { email: string; name?: string | undefined }) {
    return { count: await revokeEditorTokens(db, input.email, { name: input.name, actor }) };
  },
  async 'editor.list'({ db }: OpContext, _input: Record<string, never>) {
    return { editors: await listEditors(db), tokens: await listTokens(db) };
  },
  history: ({ db }: OpContext, input: AuditFilter) => listAudit(db, input),
  async rebuild({ db, actor, kick }: OpContext, _input: Record<string, never>) {
    const queued = await requestRebuild(db, actor);
    kick?.();
    return { ...queued, builder: kick !== undefined };
  },
  async 'build.status'({ db }: OpContext, input: { buildId: string }): Promise<BuildRow | null> {
    return (await buildStatus(db, input.buildId)) ?? null;
  },
  rollback: ({ db, actor, releases }: OpContext, input: { to?: string | undefined }) =>
    rollbackRelease(db, actor, publisher(releases), input.to),
};

type Ops = typeof ops;
export type OpName = keyof Ops;
export type OpInput<K extends OpName> = Parameters<Ops[K]>[1];
export type OpResult<K extends OpName> = Awaited<ReturnType<Ops[K]>>;

/** Runs an operation by name (the control channel's dispatch). */
export function runOp<K extends OpName>(name: K, context: OpContext, input: OpInput<K>): Promise<OpResult<K>> {
  const op = ops[name] as (context: OpContext, input: OpInput<K>) => Promise<OpResult<K>>;
  return op(context, input);
}

/** An operation's failure as one line for the terminal: an API error's message in English. */
export function describeFailure(error: unknown): string {
  if (error instanceof ApiError) {
    const params = { ...error.params };
    if (typeof params.thing === 'string') params.thing = t('en', `api.thing.${params.thing}` as MessageKey);
    return t('en', error.key, params);
  }
  return (error as Error).message;
}
