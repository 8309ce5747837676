import { useTranslation } from 'react-i18next';
import type { LinkStatus } from '../../../shared/ipc-links';

/** A link's status in words, coloured like the sale statuses it resembles. */
export function LinkStatusBadge({ status }: { status: LinkStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`status-badge link-status-${status}`}>{t(`links.status.${status}`)}</span>
  );
}
