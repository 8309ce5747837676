import { useTranslation } from 'react-i18next';
import { ErrorDetails } from '../common/error-notice';
import { errorKey } from '../i18n/error-text';

/**
 * Everything the settings form must fix before it saves, at once and in words, announced as
 * one alert; the codes only in the details line for support.
 */
export function SettingsProblems({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <div className="notice notice-error settings-problems" role="alert">
      <p className="notice-title">{t('live.problemsTitle')}</p>
      <ul>
        {codes.map((code) => (
          <li key={code}>{t(`errors.${errorKey(code)}`)}</li>
        ))}
      </ul>
      <ErrorDetails codes={codes} />
    </div>
  );
}
