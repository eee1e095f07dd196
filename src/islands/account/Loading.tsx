import { type Locale, t } from '#i18n/index.ts';

/** Stands in for an account section while its data loads. */
export default function Loading({ locale }: { locale: Locale }) {
  return (
    <p className="muted" aria-busy="true">
      {t(locale, 'account.loading')}
    </p>
  );
}
