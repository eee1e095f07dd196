import type { EditorRole } from '#api/editor-accounts.ts';
import type { Locale } from '#i18n/index.ts';

// What the workspace keeps in this browser: the sign-in (the token, whose it is and when it ends) and
// the language it is shown in. The token is the editor's own and ends (12 hours for a sign-in by code);
// a 401 from any call forgets it.

export interface Session {
  token: string;
  email: string;
  role: EditorRole;
  expiresAt: string;
  /** `session`: a sign-in by code; `api`: a token made for a tool, pasted in. */
  kind: 'api' | 'session';
}

const SESSION_KEY = 'lumenlab.workspace.session';
const LOCALE_KEY = 'lumenlab.workspace.locale';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The sign-in kept in this browser, if it has not ended. */
export function loadSession(): Session | undefined {
  try {
    const kept = JSON.parse(storage()?.getItem(SESSION_KEY) ?? 'null') as Session | null;
    if (!kept || typeof kept.token !== 'string' || Date.parse(kept.expiresAt) <= Date.now()) return undefined;
    return kept;
  } catch {
    return undefined;
  }
}

export function saveSession(session: Session | undefined): void {
  if (session) storage()?.setItem(SESSION_KEY, JSON.stringify(session));
  else storage()?.removeItem(SESSION_KEY);
}

/** The language chosen before, else the browser's: Chinese for zh-*, English otherwise. */
export function loadLocale(): Locale {
  const kept = storage()?.getItem(LOCALE_KEY);
  if (kept === 'en' || kept === 'zh-CN') return kept;
  return /^zh\b/i.test(navigator.language) ? 'zh-CN' : 'en';
}

export function saveLocale(locale: Locale): void {
  storage()?.setItem(LOCALE_KEY, locale);
}
