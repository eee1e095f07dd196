import '../styles/islands.css';
import '../styles/customer.css';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { type Locale, t } from '../i18n/index.ts';
import { openLogin } from '../lib/events.ts';
import { restoreToasts } from '../stores/toasts.ts';
import { $token } from '../stores/token.ts';
import { $user } from '../stores/user.ts';
import Addresses from './account/Addresses.tsx';
import Cart from './account/Cart.tsx';
import Loading from './account/Loading.tsx';
import Logout from './account/Logout.tsx';
import Orders from './account/Orders.tsx';
import Profile from './account/Profile.tsx';
import Saved from './account/Saved.tsx';

export type AccountSection = 'profile' | 'cart' | 'order' | 'saved' | 'address';

interface Props {
  locale: Locale;
  section: AccountSection;
}

const SECTIONS = { profile: Profile, cart: Cart, order: Orders, saved: Saved, address: Addresses };

/** The account area's island: a visitor gets the login prompt (and the dialog), a customer the section. */
export default function Account({ locale, section }: Props) {
  const token = useStore($token);
  const user = useStore($user);

  useEffect(restoreToasts, []);

  useEffect(() => {
    if (token) return;
    // The header's script sets up the dialog; it may run after this island on a fast load.
    const open = () => openLogin({ reason: 'login', stay: true });
    if (document.readyState === 'complete') open();
    else window.addEventListener('load', open, { once: true });
    return () => window.removeEventListener('load', open);
  }, [token]);

  if (!token) {
    return (
      <div className="login-prompt">
        <p>{t(locale, 'login.prompt')}</p>
        <button type="button" onClick={() => openLogin({ reason: 'login', stay: true })}>
          {t(locale, 'header.login')}
        </button>
      </div>
    );
  }
  if (!user) {
    return <Loading locale={locale} />;
  }
  const Section = SECTIONS[section];
  return (
    <div className="account-area">
      <Section locale={locale} />
      <Logout locale={locale} />
    </div>
  );
}
