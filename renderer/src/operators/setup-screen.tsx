import { useTranslation } from 'react-i18next';
import { FirstAdminForm } from './first-admin-form';

/**
 * Live mode without operators (an older install that went live without them): before any sale,
 * the first admin is created here. Only Settings stays reachable, to finish the gateway.
 */
export function SetupScreen() {
  const { t } = useTranslation();
  return (
    <section className="setup-screen" aria-labelledby="setup-title">
      <div className="lock-panel">
        <h1 id="setup-title" className="screen-title">
          {t('operators.setupTitle')}
        </h1>
        <p>{t('operators.setupBody')}</p>
        <FirstAdminForm />
      </div>
    </section>
  );
}
