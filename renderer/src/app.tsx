import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from './common/error-notice';
import { CustomersScreen } from './customers/customers-screen';
import { StatusBanners } from './common/status-banners';
import { TopBar, type Screen } from './common/top-bar';
import { ApprovalHost } from './operators/approval';
import { watchActivity } from './operators/activity';
import { HistoryArea } from './operators/history-area';
import { LockScreen } from './operators/lock-screen';
import { useOperatorNames } from './operators/operator-names';
import { rememberOperator } from './operators/recent-operators';
import { SetupScreen } from './operators/setup-screen';
import { selectNeedsSignIn, useSessionStore } from './operators/session-store';
import { switchLanguage } from './i18n/setup';
import { SaleScreen } from './sale/sale-screen';
import { SettingsScreen } from './settings/settings-screen';
import { ShiftScreen } from './shifts/shift-screen';
import { TeamScreen } from './team/team-screen';
import { paydesk } from './paydesk';
import { useSaleStore } from './stores/sale-store';
import { useHistoryStore } from './stores/history-store';
import { useScreenStore } from './stores/screen-store';
import { useSettingsStore } from './stores/settings-store';

/** The window: top bar, banners, and the current screen. */
export function App() {
  const { t } = useTranslation();
  const screen = useScreenStore((s) => s.screen);
  const language = useSettingsStore((s) => s.view?.settings.language);
  const loadError = useSettingsStore((s) => s.loadError);
  const main = useRef<HTMLElement>(null);
  const session = useSessionStore((s) => s.state);
  const operatorId = session?.operatorsEnabled ? (session.operator?.operatorId ?? null) : null;
  // While the customer answers the challenge, the window stays on the sale's progress: on
  // Windows the modal challenge window blocks it anyway, on macOS (a non-modal child there)
  // this does. Cancel payment stays available.
  const verifying = useSaleStore(
    (s) => s.phase.kind === 'progress' && s.phase.progress.seen.at(-1) === 'customer-verification',
  );

  useEffect(() => {
    void useSettingsStore.getState().load();
    void useSessionStore.getState().load();
    return watchActivity(window);
  }, []);
  // A new operator starts from a clean History (a cashier must not see the last one's list)
  // and fresh names; a sale still running keeps its place in the sale store.
  useEffect(() => {
    useHistoryStore.getState().close();
    useHistoryStore.setState({ rows: [], nextCursor: null });
    if (operatorId) void useOperatorNames.getState().load();
  }, [operatorId]);
  const locked = selectNeedsSignIn(session);
  // On sign-out and lock the last operator's screen goes with them: their last result (with
  // Try again and Print) is cleared, and whoever signs in next, a cashier too, starts on
  // Sale. A sale still running keeps its progress, and the result it ends with waits.
  useEffect(() => {
    if (!locked) return;
    const sale = useSaleStore.getState();
    if (sale.phase.kind !== 'progress') sale.startOver();
    useScreenStore.getState().go('sale');
  }, [locked]);
  // The lock screen offers the operators who signed in here last.
  const signedIn = session?.operatorsEnabled && !session.locked ? session.operator : null;
  useEffect(() => {
    if (signedIn) rememberOperator(signedIn);
  }, [signedIn]);
  useEffect(() => {
    if (language) void switchLanguage(language);
  }, [language]);

  const navigate = (next: Screen) => {
    useScreenStore.getState().go(next);
    // Keyboard and screen-reader users land at the top of the new screen.
    main.current?.focus();
  };
  // Other ways to a screen ("Open in History") land there the same way; not at start-up,
  // where the sale form puts the cursor in its first field, nor when the new screen put the
  // cursor somewhere itself (History's Search).
  const shown = useRef(screen);
  useEffect(() => {
    const placed = main.current?.contains(document.activeElement) ?? false;
    // A new screen starts at its top (the last screen's scroll would hide the new one's tabs),
    // as far as the field or row it put the cursor in stays in view.
    if (shown.current !== screen && main.current) {
      main.current.scrollTop = 0;
      if (placed) document.activeElement?.scrollIntoView({ block: 'nearest' });
      else main.current.focus();
    }
    shown.current = screen;
  }, [screen]);
  // The application menu's items (and their shortcuts) move between the same screens.
  useEffect(
    () =>
      paydesk().on('menuCommand', (command) => {
        // New sale means a blank form, as the button does, except while a sale runs: its
        // progress (and then its result) must stay in view until it ends.
        const sale = useSaleStore.getState();
        if (command === 'new-sale' && sale.phase.kind !== 'progress') sale.startOver();
        useScreenStore.getState().go(command === 'new-sale' ? 'sale' : command);
        main.current?.focus();
      }),
    [],
  );

  const setupRequired = session?.setupRequired ?? false;

  return (
    <>
      {locked && session ? <LockScreen state={session} /> : null}
      <ApprovalHost />
      <div className="app" inert={locked}>
        <TopBar screen={screen} locked={verifying} onNavigate={navigate} />
        <StatusBanners />
        <main ref={main} className="screen" tabIndex={-1}>
          {loadError ? <ErrorNotice error={loadError} title={t('app.loadFailed')} /> : null}
          {/* Live without operators: the first admin comes before any sale or history. */}
          {setupRequired && screen !== 'settings' ? <SetupScreen /> : null}
          {screen === 'sale' && !setupRequired ? <SaleScreen /> : null}
          {screen === 'history' && !setupRequired ? <HistoryArea key={operatorId ?? ''} /> : null}
          {screen === 'customers' && !setupRequired ? (
            <CustomersScreen key={operatorId ?? ''} />
          ) : null}
          {screen === 'shift' && !setupRequired ? <ShiftScreen key={operatorId ?? ''} /> : null}
          {screen === 'team' && !setupRequired ? <TeamScreen key={operatorId ?? ''} /> : null}
          {screen === 'settings' ? <SettingsScreen /> : null}
        </main>
      </div>
    </>
  );
}
