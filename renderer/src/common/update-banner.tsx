import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../format/values';
import { useLanguage } from '../i18n/use-language';
import { useSessionStore } from '../operators/session-store';
import { useUpdateStore } from '../stores/update-store';

/** Operators off, or a supervisor or admin signed in: who may choose Restart to update. */
export function useMayRestart(): boolean {
  const session = useSessionStore((s) => s.state);
  const role = session?.operator?.role;
  return !session?.operatorsEnabled || role === 'supervisor' || role === 'admin';
}

/**
 * A critical update, downloaded, on an idle counter: main says when (`ask`), this asks, on
 * every screen, and says why. Later puts it off until Paydesk quits (it installs then).
 */
export function UpdateBanner() {
  const { t } = useTranslation();
  const language = useLanguage();
  const status = useUpdateStore((s) => s.status);
  const postponed = useUpdateStore((s) => s.postponed);
  const restarting = useUpdateStore((s) => s.restarting);
  const mayRestart = useMayRestart();
  useEffect(() => {
    void useUpdateStore.getState().load();
  }, []);
  const available = status?.available;
  if (!status?.ask || !available?.critical || postponed === available.version) return null;
  const version = isolate(available.version, language);
  return (
    <div className="banner banner-update" role="alert">
      <p>
        <strong>{t('updates.critical.title')}</strong>{' '}
        {t(`updates.critical.${available.critical}`, { version })} {t('updates.critical.action')}
      </p>
      <div className="button-row">
        {mayRestart ? (
          <button
            type="button"
            className="button button-primary"
            disabled={restarting}
            onClick={() => void useUpdateStore.getState().restart()}
          >
            {restarting ? t('updates.restarting') : t('updates.restart')}
          </button>
        ) : null}
        <button
          type="button"
          className="button"
          onClick={() => useUpdateStore.getState().postpone(available.version)}
        >
          {t('updates.critical.later')}
        </button>
      </div>
    </div>
  );
}
