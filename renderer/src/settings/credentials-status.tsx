import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../shared/ipc';
import { formatDateTime } from '../../../shared/format/date-text';
import { useLanguage } from '../i18n/use-language';
import { GatewayBindingNotice } from './gateway-binding-notice';

/**
 * What the stored credentials are worth now. "Configured" only once Test connection proved
 * them; saved untested ones say so; in Training they are named as waiting, not in use, so
 * the section never presents the last live gateway as the active one.
 */
export function CredentialsStatus({ view }: { view: SettingsView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const hint = view.keyHint ?? '';
  const training = view.settings.environment === 'training';
  if (!view.credentialsConfigured) {
    return (
      <>
        <p className="credentials-off">{t('settings.notConfigured')}</p>
        <GatewayBindingNotice view={view} inUse={!training} />
      </>
    );
  }
  const status = training
    ? t('live.trainingNotInUse', { hint })
    : view.credentialsTestedAt === null
      ? t('live.savedUntested', { hint })
      : t('live.configuredTested', {
          hint,
          when: formatDateTime(view.credentialsTestedAt, language),
        });
  const proven = !training && view.credentialsTestedAt !== null;
  return (
    <>
      <p className={proven ? 'credentials-on' : 'credentials-off'}>{status}</p>
      <GatewayBindingNotice view={view} inUse={!training} />
    </>
  );
}
