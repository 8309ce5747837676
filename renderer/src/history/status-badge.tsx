import { useTranslation } from 'react-i18next';
import type { AttemptStatus } from '../../../shared/ipc';

/** Status in words with a colour family; the words carry the meaning, colour only helps. */
export function StatusBadge({ status }: { status: AttemptStatus }) {
  const { t } = useTranslation();
  return <span className={`status-badge status-${status}`}>{t(`status.${status}`)}</span>;
}
