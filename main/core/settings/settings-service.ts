import type { Settings, SettingsView } from '../../../shared/ipc';
import { maskCardNumbers } from '../../../shared/text/card-in-text';
import { holdsBidiControl } from '../../../shared/text/operator-text';
import { CodedFailure } from '../coded-failure';
import type { BoundCredentials, GatewayCredentials, Logger } from '../ports';
import type { SettingsFailureCode } from '../../../shared/failures/settings-failures';
import { credentialsAfter, gatewaySelection, liveOriginOf } from './gateway-binding';
import { checkSettingsTexts } from './settings-texts';
import { checkSettings, settingsProblems } from './settings-rules';
import {
  readStoredSettings,
  type SecretCipher,
  type SettingsStorage,
  type StoredCredentials,
  type StoredSettings,
} from './settings-storage';

export interface SettingsService {
  /** The settings in force, read synchronously by the engine at each attempt. */
  current(): Settings;
  /** What the settings screen may see: never a secret, only whether one is stored. */
  view(): Promise<SettingsView>;
  update(patch: Partial<Settings>): Promise<SettingsView>;
  setCredentials(input: GatewayCredentials): Promise<SettingsView>;
  /** Every rule a change would break, without saving anything (empty: it would save). */
  problems(patch: Partial<Settings>): readonly string[];
  /**
   * Test connection: proves credentials (typed ones, or null for the stored ones) with a
   * harmless call to the gateway the settings select, and only then stores them as tested.
   * A refusal leaves what was stored as it was.
   */
  testCredentials(input: GatewayCredentials | null): Promise<SettingsView>;
  /** The merchant's stored credentials, decrypted at call time; null if none or unreadable. */
  storedCredentials(): Promise<BoundCredentials | null>;
  onChange(listener: (view: SettingsView) => void): () => void;
}

/** One line of the settings audit trail: who changed the gateway or its credentials, when. */
export interface SettingsAuditEntry {
  change: 'gateway' | 'credentials';
  /** Base URLs (or `none:training-selected`); for credentials, the origin they are for. */
  from: string | null;
  to: string | null;
  credentialsCleared: boolean;
}

export interface SettingsServiceOptions {
  storage: SettingsStorage;
  cipher: SecretCipher;
  logger: Logger;
  /**
   * Merchant references of live attempts, refunds and voids still pending or in doubt on the
   * gateway: while there are any, its address and credentials must not change (reconciling
   * them needs both). None when not given.
   */
  pendingOnGateway?: () => readonly string[];
  /** Where gateway and credential changes are recorded; the log when not given. */
  audit?: (entry: SettingsAuditEntry) => void;
  /**
   * A harmless call to the selected live gateway with these credentials; throws the
   * CodedFailure the operator is told (refused credentials, unreachable, …). Without it,
   * Test connection is refused.
   */
  proveCredentials?: (credentials: GatewayCredentials) => Promise<void>;
  /** Epoch ms, for when credentials were proven. */
  now?: () => number;
}

/** Enough references for the operator to find them in History. */
const maxBusyShown = 20;

const fail = (code: SettingsFailureCode): never => {
  throw new CodedFailure(code);
};

/**
 * Settings and merchant credentials over a store and an OS cipher (both ports, so the same
 * code runs under Electron and in the Chromium test host). A store found corrupt is not
 * rewritten on read: the operator sees the warning, and the next save replaces it.
 */
export function createSettingsService(options: SettingsServiceOptions): SettingsService {
  const { storage, cipher, logger } = options;
  const now = options.now ?? Date.now;
  const pending = () => options.pendingOnGateway?.() ?? [];
  const audit =
    options.audit ?? ((entry: SettingsAuditEntry) => logger.info('settings audit', { ...entry }));
  const refuseWhileBusy = () => {
    if (pending().length > 0) fail('settings-gateway-busy');
  };
  const initial = readStoredSettings(storage.read());
  let stored: StoredSettings = initial.stored;
  let warning = initial.warning;
  if (warning) logger.warn('settings store was unreadable or invalid; defaults in use');
  const listeners = new Set<(view: SettingsView) => void>();

  const view = async (): Promise<SettingsView> => ({
    settings: stored.settings,
    credentialsConfigured: stored.credentials !== null,
    keyHint: stored.credentials ? stored.credentials.merchantPublicKey.slice(-4) : null,
    credentialsOrigin: stored.credentials?.origin ?? null,
    credentialsTestedAt: stored.credentials?.testedAt ?? null,
    gatewayBusy: pending().slice(0, maxBusyShown),
    warning,
    secureStorageAvailable: await cipher.isAvailable(),
  });

  const save = async (next: StoredSettings): Promise<SettingsView> => {
    try {
      storage.write(next);
    } catch (error) {
      logger.error('settings store write failed', { error: String(error) });
      fail('settings-save-failed');
    }
    stored = next;
    warning = null;
    const current = await view();
    for (const listener of listeners) listener(current);
    return current;
  };

  /**
   * The OS rotated its key: store the password under the new one, so it stays readable
   * once the old key is gone. Nothing the operator sees changes, so no one is notified; a
   * failed write only means the next read tries again.
   */
  const keepFreshCiphertext = (credentials: StoredCredentials, apiPasswordCiphertext: string) => {
    if (stored.credentials !== credentials) return;
    const next = { ...stored, credentials: { ...credentials, apiPasswordCiphertext } };
    try {
      storage.write(next);
      stored = next;
    } catch (error) {
      logger.warn('re-encrypted API password could not be saved', { error: String(error) });
    }
  };

  const readStoredCredentials = async (): Promise<BoundCredentials | null> => {
    const credentials = stored.credentials;
    if (!credentials) return null;
    try {
      const { plainText, reEncrypted } = await cipher.decrypt(credentials.apiPasswordCiphertext);
      if (reEncrypted) keepFreshCiphertext(credentials, reEncrypted);
      return {
        merchantPublicKey: credentials.merchantPublicKey,
        apiPassword: plainText,
        origin: credentials.origin,
      };
    } catch {
      // A store copied from another machine or user cannot be decrypted here.
      logger.warn('stored API password could not be decrypted');
      return null;
    }
  };

  /** The public key as stored: no spaces, no card number, no direction marks. */
  const checkedKey = (input: GatewayCredentials): string => {
    const merchantPublicKey = input.merchantPublicKey.trim();
    if (!merchantPublicKey || /\s/.test(merchantPublicKey) || !input.apiPassword) {
      return fail('credentials-invalid');
    }
    // The public key is stored in clear: a card number pasted into it must not be.
    if (holdsBidiControl(merchantPublicKey)) return fail('text-bidi-control');
    if (maskCardNumbers(merchantPublicKey) !== merchantPublicKey) return fail('text-card-number');
    return merchantPublicKey;
  };

  /** Saves credentials for the selected gateway; `testedAt` when a call just proved them. */
  const storeCredentials = async (
    input: GatewayCredentials,
    testedAt: number | null,
  ): Promise<SettingsView> => {
    const merchantPublicKey = checkedKey(input);
    const origin = liveOriginOf(stored.settings);
    if (origin === null) return fail('credentials-need-gateway');
    if (!(await cipher.isAvailable())) return fail('secure-storage-unavailable');
    refuseWhileBusy();
    const apiPasswordCiphertext = await cipher.encrypt(input.apiPassword);
    const previous = stored.credentials?.origin ?? null;
    const view = await save({
      ...stored,
      credentials: {
        merchantPublicKey,
        apiPasswordCiphertext,
        origin,
        ...(testedAt === null ? {} : { testedAt }),
      },
    });
    audit({ change: 'credentials', from: previous, to: origin, credentialsCleared: false });
    return view;
  };

  return {
    current: () => stored.settings,
    view,
    async update(patch) {
      const texts = checkSettingsTexts(patch);
      if (!texts.ok) return fail(texts.error);
      const checked = checkSettings({ ...stored.settings, ...patch });
      if (!checked.ok) return fail(checked.error);
      const from = gatewaySelection(stored.settings);
      const to = gatewaySelection(checked.value);
      if (from === to) return save({ ...stored, settings: checked.value });
      refuseWhileBusy();
      const credentials = credentialsAfter(stored.credentials, checked.value);
      const credentialsCleared = stored.credentials !== null && credentials === null;
      const view = await save({ settings: checked.value, credentials });
      audit({ change: 'gateway', from, to, credentialsCleared });
      return view;
    },
    async setCredentials(input) {
      return storeCredentials(input, null);
    },
    problems(patch) {
      const texts = checkSettingsTexts(patch);
      return [
        ...(texts.ok ? [] : [texts.error]),
        ...settingsProblems({ ...stored.settings, ...patch }),
      ];
    },
    async testCredentials(input) {
      const prove = options.proveCredentials;
      if (!prove) return fail('connection-test-unavailable');
      // Training selects no live gateway: there is nothing to test, or to save them for.
      if (liveOriginOf(stored.settings) === null) return fail('credentials-need-gateway');
      if (input) {
        checkedKey(input);
        await prove(input);
        return storeCredentials(input, now());
      }
      const credentials = stored.credentials;
      const saved = await readStoredCredentials();
      if (!credentials || !saved) return fail('credentials-invalid');
      if (saved.origin !== liveOriginOf(stored.settings)) return fail('credentials-need-gateway');
      await prove(saved);
      // Proven as they are now: a save in the meantime is not marked by an older proof.
      if (stored.credentials !== credentials) return view();
      return save({ ...stored, credentials: { ...credentials, testedAt: now() } });
    },
    storedCredentials: readStoredCredentials,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
