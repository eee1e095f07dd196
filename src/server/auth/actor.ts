import { hostname, userInfo } from 'node:os';
import { basename, relative, resolve } from 'node:path';
import type { EditorRole } from '#api/editor-accounts.ts';

// Who does what the audit trail records (decision 0063): an editor through the API, known by a token, or
// a shell: a command run on a machine that can open the database (or, for the embedded one, read its
// control file). A shell is named by the operating system's user and host as the command finds them; it
// proves no more than that, and it needs no more, since that user could change the database directly.

export type Actor =
  | {
      kind: 'editor';
      editorId: number;
      email: string;
      role: EditorRole;
      /** The token the call came with. */
      tokenId: number;
      /** The caller's address. */
      address: string;
    }
  | { kind: 'shell'; user: string; host: string; command: string }
  /** An editor signing in to the workspace with an emailed code: known by the code, with no token yet. */
  | { kind: 'signin'; editorId: number; email: string; address: string };

/** How the trail names an actor: the editor's email, or `shell:<user>@<host>`. */
export function actorLabel(actor: Actor): string {
  return actor.kind === 'shell' ? `shell:${actor.user}@${actor.host}` : actor.email;
}

/** Whether a role may make a call that needs `needed`: admins may make every editor's call. */
export function allows(role: EditorRole, needed: EditorRole): boolean {
  return role === 'admin' || needed === 'editor';
}

/** This process as a shell actor: its user, host and command (`npm run editor`, or `node scripts/x.ts`). */
export function shellActor(command = commandOfThisProcess()): Actor {
  let user: string;
  try {
    user = userInfo().username;
  } catch {
    user = process.env.USER ?? `uid-${process.getuid?.() ?? '?'}`;
  }
  return { kind: 'shell', user, host: hostname(), command };
}

const root = resolve(import.meta.dirname, '../../..');

/**
 * `npm run <script>` when npm ran this script, else `node <its path in the repository>`. npm's variables
 * are inherited by every process below it, so they count only when npm's command names this file.
 */
function commandOfThisProcess(): string {
  const file = process.argv[1] ?? '';
  const event = process.env.npm_lifecycle_event;
  if (event && file && (process.env.npm_lifecycle_script ?? '').includes(basename(file)))
    return event === 'start' ? 'npm start' : `npm run ${event}`;
  const inRepository = relative(root, file);
  return `node ${inRepository.startsWith('..') ? file : inRepository}`.trim();
}
