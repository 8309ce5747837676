import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../stores/settings-store';

// First-strong and left-to-right isolates: a host name or key end inside an Arabic sentence
// keeps its own order (ARABIC.md, "Latin runs inside Arabic sentences").
const isolated = (text: string) => `\u2068${text}\u2069`;
const leftToRight = (text: string) => `\u2066${text}\u2069`;

/**
 * In live mode, on every screen: which gateway real cards are charged on and the end of the
 * merchant key it uses (never a secret), so a till that went live by mistake, or on the
 * wrong merchant account, is seen before the first customer.
 */
export function LiveMark() {
  const { t } = useTranslation();
  const view = useSettingsStore((s) => s.view);
  if (!view || view.settings.environment === 'training') return null;
  const { environment, customBaseUrl } = view.settings;
  const gateway =
    environment === 'custom' && customBaseUrl
      ? new URL(customBaseUrl).host
      : t(`settings.environments.${environment}`);
  const text =
    view.credentialsConfigured && view.keyHint
      ? t('live.mark', { gateway: isolated(gateway), hint: leftToRight(view.keyHint) })
      : t('live.markNoKey', { gateway: isolated(gateway) });
  return (
    <span className="live-mark" role="note" aria-label={t('live.markLabel')} title={text}>
      {text}
    </span>
  );
}
