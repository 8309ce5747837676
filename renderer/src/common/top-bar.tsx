import { useTranslation } from 'react-i18next';
import { OperatorBadge } from '../operators/operator-badge';
import { StoreIndicator } from '../store/store-indicator';

export type Screen = 'sale' | 'history' | 'settings';

const screens: readonly Screen[] = ['sale', 'history', 'settings'];

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
  return (
    <header className="top-bar">
      <span className="app-name">{t('app.name')}</span>
      <nav aria-label={t('app.navLabel')}>
        <ul className="nav-list">
          {screens.map((item) => (
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
      <StoreIndicator />
      <OperatorBadge />
    </header>
  );
}
