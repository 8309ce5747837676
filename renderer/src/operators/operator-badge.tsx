import { useTranslation } from 'react-i18next';
import { paydesk } from '../paydesk';
import { useSessionStore } from './session-store';

/** Who is signed in, with Lock (Ctrl+L) and Sign out; nothing while operators are off. */
export function OperatorBadge() {
  const { t } = useTranslation();
  const state = useSessionStore((s) => s.state);
  if (!state?.operatorsEnabled || !state.operator) return null;
  return (
    <div className="operator-badge">
      <span>
        {state.operator.displayName} · {t(`operators.roles.${state.operator.role}`)}
      </span>
      <button
        type="button"
        className="button button-quiet"
        aria-keyshortcuts="Control+L"
        onClick={() => void paydesk().sessionLock({})}
      >
        {t('operators.lock')}
      </button>
      <button
        type="button"
        className="button button-quiet"
        onClick={() => void paydesk().sessionSignOut({})}
      >
        {t('operators.signOut')}
      </button>
    </div>
  );
}
