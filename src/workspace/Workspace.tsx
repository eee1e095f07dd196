import { useCallback, useEffect, useState } from 'react';
import { editorMe } from '#api/editor-accounts.ts';
import type { FormEntity } from '#api/editor-records.ts';
import { editorSignout } from '#api/editor-session.ts';
import type { Locale } from '#i18n/index.ts';
import { wt } from '#i18n/workspace.ts';
import { API_DOCS_URL, call, WorkspaceError } from './api.ts';
import EditScreen from './EditScreen.tsx';
import { mayLeave } from './guard.ts';
import History from './History.tsx';
import { ConfigList, MetaList, ProductList, RecordList } from './ListScreens.tsx';
import Publish from './Publish.tsx';
import SignIn from './SignIn.tsx';
import { loadLocale, loadSession, type Session, saveLocale, saveSession } from './session.ts';

/** The workspace's screens, by the page's hash (`#/products`): one page, so any static host serves it. */
const SCREENS = [
  '',
  'products',
  'categories',
  'solutions',
  'articles',
  'meta',
  'config',
  'history',
  'publish',
] as const;
type Screen = (typeof SCREENS)[number];
/** A list's records open at `#/<list>/<key>` (`#/products/12`, `#/meta/home`). */
const EDITS: Partial<Record<Screen, FormEntity>> = {
  products: 'product',
  categories: 'category',
  solutions: 'solution',
  articles: 'article',
  meta: 'meta',
  config: 'config',
};
interface Place {
  screen: Screen;
  /** The record open in a form, by the key its list links with. */
  record?: string;
  /** The history of one record: `#/history/<entity>/<key>`. */
  of?: { entity: string; key: string };
}
const placeOf = (hash: string): Place => {
  const [name = '', ...rest] = hash.replace(/^#\/?/, '').split('/');
  if (!(SCREENS as readonly string[]).includes(name)) return { screen: '' };
  const record = rest.length > 0 ? decodeURIComponent(rest.join('/')) : '';
  if (name === 'history' && rest.length >= 2)
    return { screen: 'history', of: { entity: rest[0] ?? '', key: decodeURIComponent(rest.slice(1).join('/')) } };
  return record && EDITS[name as Screen] ? { screen: name as Screen, record } : { screen: name as Screen };
};

// The editors' workspace (issue 39, DESIGN.md section 8): a client-rendered app on one route, /editor,
// in English or Chinese as the editor chooses. It signs in, then shows what the editor's role allows;
// the API checks the role on every call, the screens only leave out what would be refused.

/** When the sign-in ends, in the workspace's language. */
const endsAt = (locale: Locale, iso: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export default function Workspace() {
  const [locale, setLocale] = useState<Locale>(loadLocale);
  const [session, setSession] = useState<Session | undefined>(loadSession);
  const [checked, setChecked] = useState(false);
  const [notice, setNotice] = useState<string | undefined>();
  const [place, setPlace] = useState<Place>(() => placeOf(location.hash));
  const { screen } = place;

  useEffect(() => {
    let shown = location.hash;
    const follow = () => {
      // A screen with unsaved changes is left only when the editor agrees; else the address goes back.
      if (!mayLeave()) {
        history.replaceState(null, '', shown || '#/');
        return;
      }
      shown = location.hash;
      setPlace(placeOf(location.hash));
    };
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);

  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = wt(locale, 'app.title');
  }, [locale]);

  const signOut = useCallback((why?: string) => {
    saveSession(undefined);
    setSession(undefined);
    setNotice(why);
  }, []);

  // A kept sign-in is shown at once and asked about once: revoked or ended elsewhere, it is forgotten here
  // (the screens' own calls would find out too).
  useEffect(() => {
    if (checked) return;
    if (!session) {
      setChecked(true);
      return;
    }
    call(editorMe, {}, { token: session.token, locale })
      .then((me) => {
        const fresh = { ...session, email: me.email, role: me.role, expiresAt: me.token.expiresAt };
        saveSession(fresh);
        setSession(fresh);
      })
      .catch((error: unknown) => {
        if (error instanceof WorkspaceError && error.code === 401) signOut(wt(locale, 'signin.ended'));
      })
      .finally(() => setChecked(true));
  }, [checked, session, locale, signOut]);

  const ended = useCallback(() => signOut(wt(locale, 'signin.ended')), [signOut, locale]);

  const switchLocale = () => {
    const next = locale === 'en' ? 'zh-CN' : 'en';
    saveLocale(next);
    setLocale(next);
  };

  const signedIn = (made: Session) => {
    saveSession(made);
    setSession(made);
    setNotice(undefined);
  };

  const leave = async () => {
    if (session) await call(editorSignout, {}, { token: session.token, locale }).catch(() => undefined);
    signOut();
  };

  return (
    <div className="ws">
      <a className="ws-skip" href="#main">
        {wt(locale, 'app.skip')}
      </a>
      <header className="ws-header">
        <p className="ws-brand">{wt(locale, 'app.title')}</p>
        <div className="ws-header-tools">
          {session && (
            <p className="ws-who">
              {wt(locale, 'session.signedInAs', { email: session.email, role: wt(locale, `role.${session.role}`) })}
              <span className="ws-ends">
                {wt(locale, 'session.endsAt', { time: endsAt(locale, session.expiresAt) })}
              </span>
            </p>
          )}
          <button type="button" className="ws-secondary" onClick={switchLocale}>
            <span lang={locale === 'en' ? 'zh-CN' : 'en'}>{wt(locale, 'app.language')}</span>
            <span className="ws-hidden">{` (${wt(locale, 'app.languageLabel')})`}</span>
          </button>
          {session && (
            <button type="button" className="ws-secondary" onClick={() => void leave()}>
              {wt(locale, 'session.signout')}
            </button>
          )}
        </div>
      </header>
      <main className="ws-main" id="main">
        {session ? (
          <>
            <nav className="ws-nav" aria-label={wt(locale, 'nav.label')}>
              <a href="#/" aria-current={screen === '' ? 'page' : undefined}>
                {wt(locale, 'nav.home')}
              </a>
              {(
                [
                  'products',
                  'categories',
                  'solutions',
                  'articles',
                  'meta',
                  ...(session.role === 'admin' ? (['config'] as const) : []),
                  'history',
                  'publish',
                ] as const
              ).map((name) => (
                <a key={name} href={`#/${name}`} aria-current={screen === name ? 'page' : undefined}>
                  {wt(locale, `nav.${name}`)}
                </a>
              ))}
            </nav>
            {place.record && EDITS[screen] ? (
              <EditScreen
                key={`${screen}/${place.record}`}
                locale={locale}
                token={session.token}
                onSignedOut={ended}
                entity={EDITS[screen]}
                recordKey={place.record}
              />
            ) : screen === 'publish' ? (
              <Publish locale={locale} token={session.token} onSignedOut={ended} />
            ) : screen === 'products' ? (
              <ProductList locale={locale} token={session.token} onSignedOut={ended} />
            ) : screen === 'meta' ? (
              <MetaList locale={locale} token={session.token} onSignedOut={ended} />
            ) : screen === 'history' ? (
              <History
                key={place.of ? `${place.of.entity}/${place.of.key}` : ''}
                locale={locale}
                token={session.token}
                onSignedOut={ended}
                of={place.of}
              />
            ) : screen === 'config' ? (
              <ConfigList locale={locale} token={session.token} onSignedOut={ended} />
            ) : screen !== '' ? (
              <RecordList kind={screen} locale={locale} token={session.token} onSignedOut={ended} />
            ) : (
              <section aria-labelledby="ws-home-title">
                <h1 id="ws-home-title">{wt(locale, 'home.title')}</h1>
                <p>{wt(locale, 'home.intro')}</p>
                <ul className="ws-links">
                  <li>
                    <a href="#/products">{wt(locale, 'nav.products')}</a>
                  </li>
                  <li>
                    <a href={locale === 'zh-CN' ? '/zh-CN/' : '/'}>{wt(locale, 'home.site')}</a>
                  </li>
                  <li>
                    <a href={API_DOCS_URL}>{wt(locale, 'home.apiDocs')}</a>
                  </li>
                </ul>
              </section>
            )}
          </>
        ) : (
          <SignIn locale={locale} notice={notice} onSignedIn={signedIn} />
        )}
      </main>
    </div>
  );
}
