import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../shared/ipc';
import { useSettingsStore } from '../stores/settings-store';

/**
 * Where the saved credentials may go, in full (an https origin, in the form main checks): as
 * "Sent only to …" while that gateway is in use, as the bare origin after the status that
 * says they wait (Training). Then the payments that lock the gateway while they are pending
 * or awaiting the bank. The list is read again when Settings opens: it changes as payments
 * settle, which pushes no event.
 */
export function GatewayBindingNotice({ view, inUse }: { view: SettingsView; inUse: boolean }) {
  const { t } = useTranslation();
  useEffect(() => {
    void useSettingsStore.getState().load();
  }, []);
  return (
    <>
      {view.credentialsOrigin ? (
        <p className="field-hint credentials-origin">
          {inUse ? `${t('settings.credentialsFor')} ` : null}
          <bdi dir="ltr">{view.credentialsOrigin}</bdi>
        </p>
      ) : null}
      {view.gatewayBusy.length > 0 ? (
        <div className="notice notice-warning gateway-busy" role="status">
          <p>{t('settings.gatewayBusy')}</p>
          <ul>
            {view.gatewayBusy.map((reference) => (
              <li key={reference}>
                <bdi dir="ltr">{reference}</bdi>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
