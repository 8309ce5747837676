import { useTranslation } from 'react-i18next';
import type { SavedCardRules } from '../../../shared/ipc';

/**
 * Why a chosen customer's saved cards are not offered and no card can be saved for them:
 * the gateway's rules could not be read, or it has saved cards switched off.
 */
export function SavedCardsNotice({ rules }: { rules: SavedCardRules | null }) {
  const { t } = useTranslation();
  if (rules?.readAt != null && rules.tokenizationEnabled) return null;
  return (
    <p className="notice notice-info" role="status">
      {rules?.readAt != null ? t('savedCards.rulesOff') : t('savedCards.rulesUnread')}
    </p>
  );
}
