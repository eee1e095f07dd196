import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { DataOf } from '#api/common.ts';
import { editorMe } from '#api/editor-accounts.ts';
import { editorSignin, editorSigninSend } from '#api/editor-session.ts';
import type { Locale } from '#i18n/index.ts';
import { wt } from '#i18n/workspace.ts';
import { call, WorkspaceError } from './api.ts';
import type { Session } from './session.ts';

interface Props {
  locale: Locale;
  /** Why the last sign-in ended, shown above the form. */
  notice?: string | undefined;
  onSignedIn: (session: Session) => void;
}

type Step = { mode: 'email' } | { mode: 'code'; email: string } | { mode: 'token' };

/**
 * Signing in: an address, then the code mailed to it; or a token pasted in, which /editor/me names. Each
 * step's error is the API's message, beside the field it concerns.
 */
export default function SignIn({ locale, notice, onSignedIn }: Props) {
  const [step, setStep] = useState<Step>({ mode: 'email' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [token, setToken] = useState('');
  const errorId = useId();
  const field = useRef<HTMLInputElement>(null);

  // Each step starts at its field, so a keyboard user types on at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each step renders a field of its own to focus
  useEffect(() => {
    field.current?.focus();
  }, [step]);

  const go = (next: Step) => {
    setError(undefined);
    setStep(next);
  };

  async function attempt(work: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (caught) {
      setError(caught instanceof WorkspaceError ? caught.message : wt(locale, 'app.unexpected'));
      field.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    void attempt(async () => {
      const address = email.trim();
      await call(editorSigninSend, { email: address }, { token: null, locale });
      setCode('');
      go({ mode: 'code', email: address });
    });
  };

  const signIn = (event: FormEvent) => {
    event.preventDefault();
    if (step.mode !== 'code') return;
    void attempt(async () => {
      const made = await call(editorSignin, { email: step.email, code: code.trim() }, { token: null, locale });
      onSignedIn({ token: made.token, email: made.email, role: made.role, expiresAt: made.expiresAt, kind: 'session' });
    });
  };

  const signInWithToken = (event: FormEvent) => {
    event.preventDefault();
    void attempt(async () => {
      const pasted = token.trim();
      let me: DataOf<typeof editorMe>;
      try {
        me = await call(editorMe, {}, { token: pasted, locale });
      } catch (caught) {
        if (caught instanceof WorkspaceError && caught.code === 401)
          throw new WorkspaceError(401, wt(locale, 'signin.tokenWrong'));
        throw caught;
      }
      onSignedIn({ token: pasted, email: me.email, role: me.role, expiresAt: me.token.expiresAt, kind: me.token.kind });
    });
  };

  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  const problem = error && (
    <p className="ws-error" id={errorId} role="alert">
      {error}
    </p>
  );

  return (
    <section className="ws-signin" aria-labelledby="ws-signin-title">
      <h1 id="ws-signin-title">{wt(locale, 'signin.title')}</h1>
      <p>{wt(locale, 'signin.intro')}</p>
      {notice && (
        <p className="ws-notice" role="status">
          {notice}
        </p>
      )}
      {step.mode === 'email' && (
        <form onSubmit={sendCode} noValidate>
          <label htmlFor="ws-email">{wt(locale, 'signin.email')}</label>
          <input
            id="ws-email"
            ref={field}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            {...invalid}
          />
          {problem}
          <button type="submit" disabled={busy}>
            {wt(locale, busy ? 'signin.sending' : 'signin.send')}
          </button>
        </form>
      )}
      {step.mode === 'code' && (
        <form onSubmit={signIn} noValidate>
          <p role="status">{wt(locale, 'signin.sent', { email: step.email })}</p>
          <label htmlFor="ws-code">{wt(locale, 'signin.code')}</label>
          <input
            id="ws-code"
            ref={field}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            {...invalid}
          />
          {problem}
          <button type="submit" disabled={busy}>
            {wt(locale, busy ? 'signin.checking' : 'signin.submit')}
          </button>
          <button type="button" className="ws-link" onClick={() => go({ mode: 'email' })}>
            {wt(locale, 'signin.otherEmail')}
          </button>
        </form>
      )}
      {step.mode === 'token' && (
        <form onSubmit={signInWithToken} noValidate>
          <label htmlFor="ws-token">{wt(locale, 'signin.token')}</label>
          <input
            id="ws-token"
            ref={field}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={token}
            onChange={(event) => setToken(event.target.value)}
            aria-describedby={error ? `${errorId} ws-token-help` : 'ws-token-help'}
            aria-invalid={error ? true : undefined}
          />
          <p id="ws-token-help" className="ws-help">
            {wt(locale, 'signin.tokenHelp')}
          </p>
          {problem}
          <button type="submit" disabled={busy}>
            {wt(locale, busy ? 'signin.checking' : 'signin.submit')}
          </button>
        </form>
      )}
      <p>
        <button
          type="button"
          className="ws-link"
          onClick={() => go(step.mode === 'token' ? { mode: 'email' } : { mode: 'token' })}
        >
          {wt(locale, step.mode === 'token' ? 'signin.withCode' : 'signin.withToken')}
        </button>
      </p>
    </section>
  );
}
