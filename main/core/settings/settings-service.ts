import type { Settings, SettingsView } from '../../../shared/ipc';
import { IpcFailure } from '../ipc/router';
import type { GatewayCredentials, Logger } from '../ports';
import type { SettingsFailureCode } from './failure-codes';
import { checkSettings } from './settings-rules';
import {
  readStoredSettings,
  type SecretCipher,
  type SettingsStorage,
  type StoredSettings,
} from './settings-storage';

export interface SettingsService {
  /** The settings in force, read synchronously by the engine at each attempt. */
  current(): Settings;
  /** What the settings screen may see: never a secret, only whether one is stored. */
  view(): Promise<SettingsView>;
  update(patch: Partial<Settings>): Promise<SettingsView>;
  setCredentials(input: GatewayCredentials): Promise<SettingsView>;
  /** The merchant's stored credentials, decrypted at call time; null if none or unreadable. */
  storedCredentials(): Promise<GatewayCredentials | null>;
  onChange(listener: (view: SettingsView) => void): () => void;
}

export interface SettingsServiceOptions {
  storage: SettingsStorage;
  cipher: SecretCipher;
  logger: Logger;
}

const messages: Record<SettingsFailureCode, string> = {
  'settings-return-host-invalid':
    'The return host must be a domain name such as return.example.com.',
  'settings-custom-url-invalid': 'The custom gateway address must be a valid https URL.',
  'settings-amount-cap-invalid':
    'The amount cap must be a positive amount in the default currency.',
  'settings-merchant-name-required':
    'Real payments need the merchant name on every receipt: enter it under Receipt header.',
  'settings-save-failed': 'The settings could not be saved.',
  'credentials-invalid': 'Enter both the merchant public key and the API password.',
  'secure-storage-unavailable':
    'This computer has no secure credential storage (only plain text is available), so the API password cannot be saved.',
};

const fail = (code: SettingsFailureCode): never => {
  throw new IpcFailure(code, messages[code]);
};

/**
 * Settings and merchant credentials over a store and an OS cipher (both ports, so the same
 * code runs under Electron and in the Chromium test host). A store found corrupt is not
 * rewritten on read: the operator sees the warning, and the next save replaces it.
 */
export function createSettingsService(options: SettingsServiceOptions): SettingsService {
  const { storage, cipher, logger } = options;
  const initial = readStoredSettings(storage.read());
  let stored: StoredSettings = initial.stored;
  let warning = initial.warning;
  if (warning) logger.warn('settings store was unreadable or invalid; defaults in use');
  const listeners = new Set<(view: SettingsView) => void>();

  const view = async (): Promise<SettingsView> => ({
    settings: stored.settings,
    credentialsConfigured: stored.credentials !== null,
    keyHint: stored.credentials ? stored.credentials.merchantPublicKey.slice(-4) : null,
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

  return {
    current: () => stored.settings,
    view,
    async update(patch) {
      const checked = checkSettings({ ...stored.settings, ...patch });
      if (!checked.ok) return fail(checked.error);
      // A live receipt must say who took the money. Checked when the environment or the
      // header is saved (not on a language switch, nor on reading an older settings file).
      const live = checked.value.environment !== 'training';
      const touchesReceipt = 'environment' in patch || 'receiptHeader' in patch;
      if (live && touchesReceipt && checked.value.receiptHeader.merchantName === '') {
        return fail('settings-merchant-name-required');
      }
      return save({ ...stored, settings: checked.value });
    },
    async setCredentials(input) {
      const merchantPublicKey = input.merchantPublicKey.trim();
      if (!merchantPublicKey || /\s/.test(merchantPublicKey) || !input.apiPassword) {
        return fail('credentials-invalid');
      }
      if (!(await cipher.isAvailable())) return fail('secure-storage-unavailable');
      const apiPasswordCiphertext = await cipher.encrypt(input.apiPassword);
      return save({ ...stored, credentials: { merchantPublicKey, apiPasswordCiphertext } });
    },
    async storedCredentials() {
      const credentials = stored.credentials;
      if (!credentials) return null;
      try {
        const apiPassword = await cipher.decrypt(credentials.apiPasswordCiphertext);
        return { merchantPublicKey: credentials.merchantPublicKey, apiPassword };
      } catch {
        // A store copied from another machine or user cannot be decrypted here.
        logger.warn('stored API password could not be decrypted');
        return null;
      }
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
