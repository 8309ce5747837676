import { useTranslation } from 'react-i18next';
import { selectTraining, useSettingsStore } from '../stores/settings-store';
import { UpdateBanner } from './update-banner';

/**
 * What the operator must never miss, on every screen: Training mode (no real money), and
 * settings that fell back to defaults or credentials that cannot be stored securely.
 */
export function StatusBanners() {
  const { t } = useTranslation();
  const training = useSettingsStore(selectTraining);
  const view = useSettingsStore((s) => s.view);
  return (
    <>
      {training ? (
        <p className="banner banner-training" role="status">
          {t('app.training')}
        </p>
      ) : null}
      {view?.warning === 'settings-reset' ? (
        <p className="banner banner-warning" role="alert">
          {t('app.settingsReset')}
        </p>
      ) : null}
      {view && !view.secureStorageAvailable ? (
        <p className="banner banner-warning">{t('app.noSecureStorage')}</p>
      ) : null}
      <UpdateBanner />
    </>
  );
}
