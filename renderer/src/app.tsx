import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from './common/error-notice';
import { StatusBanners } from './common/status-banners';
import { TopBar, type Screen } from './common/top-bar';
import { HistoryScreen } from './history/history-screen';
import { switchLanguage } from './i18n/setup';
import { SaleScreen } from './sale/sale-screen';
import { SettingsScreen } from './settings/settings-screen';
import { paydesk } from './paydesk';
import { useSaleStore } from './stores/sale-store';
import { useSettingsStore } from './stores/settings-store';

/** The window: top bar, banners, and the current screen. */
export function App() {
  const { t } = useTranslation();
  const [screen, setScreen] = useState<Screen>('sale');
  const language = useSettingsStore((s) => s.view?.settings.language);
  const loadError = useSettingsStore((s) => s.loadError);
  const main = useRef<HTMLElement>(null);
  // While the customer answers the challenge, the window stays on the sale's progress: on
  // Windows the modal challenge window blocks it anyway, on macOS (a non-modal child there)
  // this does. Cancel payment stays available.
  const verifying = useSaleStore(
    (s) => s.phase.kind === 'progress' && s.phase.progress.seen.at(-1) === 'customer-verification',
  );

  useEffect(() => {
    void useSettingsStore.getState().load();
  }, []);
  useEffect(() => {
    if (language) void switchLanguage(language);
  }, [language]);

  const navigate = (next: Screen) => {
    setScreen(next);
    // Keyboard and screen-reader users land at the top of the new screen.
    main.current?.focus();
  };
  // The application menu's items (and their shortcuts) move between the same screens.
  useEffect(
    () =>
      paydesk().on('menuCommand', (command) => {
        // New sale means a blank form, as the button does, except while a sale runs: its
        // progress (and then its result) must stay in view until it ends.
        const sale = useSaleStore.getState();
        if (command === 'new-sale' && sale.phase.kind !== 'progress') sale.startOver();
        setScreen(command === 'new-sale' ? 'sale' : command);
        main.current?.focus();
      }),
    [],
  );

  return (
    <div className="app">
      <TopBar screen={screen} locked={verifying} onNavigate={navigate} />
      <StatusBanners />
      <main ref={main} className="screen" tabIndex={-1}>
        {loadError ? <ErrorNotice error={loadError} title={t('app.loadFailed')} /> : null}
        {screen === 'sale' ? <SaleScreen /> : null}
        {screen === 'history' ? <HistoryScreen /> : null}
        {screen === 'settings' ? <SettingsScreen /> : null}
      </main>
    </div>
  );
}
