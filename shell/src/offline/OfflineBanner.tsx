import { Trans, useOnline, useTranslation } from '@academy/platform';
import './OfflineBanner.css';

/** Says, while there is no network, what still works and what waits for it. */
export function OfflineBanner() {
  const { t } = useTranslation('shell');
  const online = useOnline();
  if (online) return null;
  return (
    <aside className="offline-banner" role="status" aria-label={t('offline.label')}>
      <p>
        <Trans t={t} i18nKey="offline.message" components={{ strong: <strong /> }} />
      </p>
    </aside>
  );
}
