import { useTranslation } from 'react-i18next';
import type { AttemptStatus } from '../../../shared/ipc';
import { isNotCharged } from '../../../shared/failures/not-charged';

/**
 * Status in words with a colour family; the words carry the meaning, colour only helps. An
 * ending that proves the card was not charged reads so, not as an error.
 */
export function StatusBadge({
  status,
  failureCode,
}: {
  status: AttemptStatus;
  failureCode?: string | null;
}) {
  const { t } = useTranslation();
  if (isNotCharged(status, failureCode)) {
    return <span className="status-badge status-not-charged">{t('notCharged.badge')}</span>;
  }
  return <span className={`status-badge status-${status}`}>{t(`status.${status}`)}</span>;
}
