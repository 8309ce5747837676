import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../shared/format/intl-locale';
import { formatCount } from '../format/count';
import { useLanguage } from '../i18n/use-language';
import { useStoreStatus } from './store-status-store';

/**
 * "Store offline since 14:02, 12 records waiting" in the top bar while the store database
 * cannot be reached: sales go on (the journal keeps them), and the manager knows the store
 * views are behind. Nothing shows while online or when store mode is off.
 */
export function StoreIndicator() {
  const { t } = useTranslation();
  const language = useLanguage();
  const status = useStoreStatus((s) => s.status);
  useEffect(() => {
    void useStoreStatus.getState().load();
  }, []);
  if (status?.state !== 'offline' || status.offlineSince === null) return null;
  const since = new Intl.DateTimeFormat(intlLocale(language), { timeStyle: 'short' }).format(
    status.offlineSince,
  );
  return (
    <span className="store-offline" role="status">
      {t(status.waiting === 1 ? 'store.offlineOne' : 'store.offline', {
        since,
        waiting: formatCount(status.waiting, language),
      })}
    </span>
  );
}
