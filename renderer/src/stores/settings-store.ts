import { create } from 'zustand';
import type { IpcError, IpcResult, Settings, SettingsView } from '../../../shared/ipc';
import { paydesk } from '../paydesk';

interface AppInfo {
  version: string;
  training: boolean;
}

interface SettingsState {
  /** Null until the first settingsGet answers. */
  view: SettingsView | null;
  info: AppInfo | null;
  loadError: IpcError | null;
  load(): Promise<void>;
  update(changes: Partial<Settings>): Promise<IpcResult<SettingsView>>;
  /** Every rule the changes would break, saving nothing. */
  check(changes: Partial<Settings>): Promise<IpcResult<{ problems: string[] }>>;
  /**
   * Test connection: the typed credentials (saved only if the gateway accepts them), or
   * the stored ones when null.
   */
  testCredentials(
    credentials: { merchantPublicKey: string; apiPassword: string } | null,
  ): Promise<IpcResult<SettingsView>>;
  /** Main pushed a change (saved from this window or elsewhere). */
  receive(view: SettingsView): void;
}

export const useSettingsStore = create<SettingsState>()((set, get) => {
  const remember = (result: IpcResult<SettingsView>): IpcResult<SettingsView> => {
    if (result.ok) set({ view: result.value });
    return result;
  };
  return {
    view: null,
    info: null,
    loadError: null,
    async load() {
      const [info, settings] = await Promise.all([
        paydesk().appInfo({}),
        paydesk().settingsGet({}),
      ]);
      set({
        info: info.ok ? info.value : null,
        view: settings.ok ? settings.value : null,
        loadError: settings.ok ? null : settings.error,
      });
    },
    async update(changes) {
      const result = remember(await paydesk().settingsUpdate(changes));
      // Refused because payments are pending on the gateway: fetch the list Settings names.
      if (!result.ok && result.error.code === 'settings-gateway-busy') await get().load();
      return result;
    },
    check: (changes) => paydesk().settingsCheck(changes),
    async testCredentials(credentials) {
      return remember(await paydesk().credentialsTest({ credentials }));
    },
    receive(view) {
      set({ view });
    },
  };
});

/**
 * Training mode as the operator must see it: the saved environment once settings are known
 * (it changes the moment they switch), main's own report before that.
 */
export function selectTraining(state: Pick<SettingsState, 'view' | 'info'>): boolean {
  if (state.view) return state.view.settings.environment === 'training';
  return state.info?.training ?? false;
}
