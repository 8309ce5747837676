import { useTranslation } from 'react-i18next';
import { OperatorBadge } from '../operators/operator-badge';
import { useRoleAtLeast } from '../operators/role-gate';
import { useSessionStore } from '../operators/session-store';
import { StoreIndicator } from '../store/store-indicator';
import { LiveMark } from './live-mark';

export type Screen = 'sale' | 'customers' | 'history' | 'shift' | 'team' | 'settings';

const screens: readonly Screen[] = ['sale', 'customers', 'history', 'shift', 'team', 'settings'];

/**
 * App name and the screens; the current one is marked for assistive technology.
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
  // Screens follow the permission table: shift reports and the team are a supervisor's (the
  // team only with operators on), settings an admin's. Main refuses anyone else anyway.
  const supervisor = useRoleAtLeast('supervisor');
  const admin = useRoleAtLeast('admin');
  const operatorsOn = useSessionStore((s) => s.state?.operatorsEnabled === true);
  const offered: Record<Screen, boolean> = {
    sale: true,
    customers: true,
    history: true,
    shift: supervisor,
    team: supervisor && operatorsOn,
    settings: admin,
  };
  return (
    <header className="top-bar">
      <span className="app-name">{t('app.name')}</span>
      <nav aria-label={t('app.navLabel')}>
        <ul className="nav-list">
          {screens
            .filter((item) => offered[item])
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
