import '../styles/islands.css';
import '../styles/customer.css';
import '../styles/account.css';
import '../styles/inquiry.css';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { type Locale, t } from '#i18n/index.ts';
import { openLogin } from '#lib/events.ts';
import { $customer } from '#stores/customer-info.ts';
import { restoreToasts } from '#stores/toasts.ts';
import { $token } from '#stores/token.ts';
import Loading from './account/Loading.tsx';
import Logout from './account/Logout.tsx';

export type AccountSection = 'profile' | 'cart' | 'order' | 'quotes' | 'saved' | 'address';

interface Props {
  locale: Locale;
  section: AccountSection;
}

// Each section is a chunk of its own: a page loads, parses and runs only the section it shows.
const LOADERS = {
  profile: () => import('./account/Profile.tsx'),
  cart: () => import('./account/Cart.tsx'),
  order: () => import('./account/Orders.tsx'),
  quotes: () => import('./account/Quotes.tsx'),
  saved: () => import('./account/Saved.tsx'),
  address: () => import('./account/Addresses.tsx'),
};
const SECTIONS = {
  profile: lazy(LOADERS.profile),
  cart: lazy(LOADERS.cart),
  order: lazy(LOADERS.order),
  quotes: lazy(LOADERS.quotes),
  saved: lazy(LOADERS.saved),
  address: lazy(LOADERS.address),
};

/** The account area's island: a visitor gets the login prompt (and the dialog), a customer the section. */
export default function Account({ locale, section }: Props) {
  const token = useStore($token);
  const customer = useStore($customer);

  useEffect(restoreToasts, []);

  // The section's chunk loads while the customer's info does, not after it.
  useEffect(() => {
    if (token) void LOADERS[section]();
  }, [token, section]);

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
  if (!customer) {
    return <Loading locale={locale} />;
  }
  const Section = SECTIONS[section];
  return (
    <Suspense fallback={<Loading locale={locale} />}>
      <div className="account-area">
        <Section locale={locale} />
        <Logout locale={locale} />
      </div>
    </Suspense>
  );
}
