import { useTranslation } from 'react-i18next';
import { OperatorBadge } from '../operators/operator-badge';
import { useSessionStore } from '../operators/session-store';
import { StoreIndicator } from '../store/store-indicator';
import { LiveMark } from './live-mark';

export type Screen = 'sale' | 'history' | 'shift' | 'settings';

const screens: readonly Screen[] = ['sale', 'history', 'shift', 'settings'];

/**
 * App name and the three screens; the current one is marked for assistive technology.
 * `locked` keeps the operator on the current screen (while the customer verifies).
 */
export function TopBar({
  screen,
  locked,
  onNavigate,
}: {
  screen: Screen;
  locked: boolean;
  onNavigate(screen: Screen): void;
}) {
  const { t } = useTranslation();
  // Shift reports are a supervisor's: a cashier is not offered the screen.
  const cashier = useSessionStore(
    (s) => s.state?.operatorsEnabled === true && s.state.operator?.role === 'cashier',
  );
  return (
    <header className="top-bar">
      <span className="app-name">{t('app.name')}</span>
      <nav aria-label={t('app.navLabel')}>
        <ul className="nav-list">
          {screens
            .filter((item) => !(cashier && item === 'shift'))
            .map((item) => (
              <li key={item}>
                <button
                  type="button"
                  className="nav-button"
                  aria-current={item === screen ? 'page' : undefined}
                  disabled={locked && item !== screen}
                  onClick={() => onNavigate(item)}
                >
                  {t(`app.nav.${item}`)}
                </button>
              </li>
            ))}
        </ul>
      </nav>
      <LiveMark />
      <StoreIndicator />
      <OperatorBadge />
    </header>
  );
}
