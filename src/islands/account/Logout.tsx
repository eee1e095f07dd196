import { useState } from 'react';
import { type Locale, localePath, t } from '#i18n/index.ts';
import ConfirmDialog from '../ConfirmDialog.tsx';

/** Log out, after a confirmation; then home. */
export default function Logout({ locale }: { locale: Locale }) {
  const [asking, setAsking] = useState(false);
  return (
    <div className="logout">
      <button type="button" className="secondary" onClick={() => setAsking(true)}>
        {t(locale, 'account.logout')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t(locale, 'account.logoutConfirm')}
        confirmLabel={t(locale, 'account.logoutYes')}
        cancelLabel={t(locale, 'account.logoutNo')}
        onCancel={() => setAsking(false)}
        onConfirm={async () => {
          // The session's code is loaded by then (the account area loaded the customer); this keeps it out of
          // the island's first task.
          const { logout } = await import('#stores/customer.ts');
          await logout();
          location.assign(localePath(locale, '/'));
        }}
      />
    </div>
  );
}
