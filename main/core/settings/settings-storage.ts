import { z } from 'zod';
import { settingsSchema, type Settings } from '../../../shared/ipc';
import type { Result } from '../../../shared/result';
import { defaultSettings } from './defaults';
import { liveOriginOf } from './gateway-binding';
import { checkSettings } from './settings-rules';

/** The merchant credentials at rest: the API password only as the OS cipher's output. */
export const storedCredentialsSchema = z.strictObject({
  merchantPublicKey: z.string().min(1).max(100),
  /** Base64 of what the SecretCipher produced; meaningless without the OS key. */
  apiPasswordCiphertext: z.base64().min(1).max(8192),
  /**
   * The gateway origin the credentials were saved for; they are sent nowhere else. Absent in
   * stores written before credentials were bound: read as bound to the gateway the stored
   * settings select (the one they were being used with), or dropped when none is selected.
   */
  origin: z.string().max(300).optional(),
  /**
   * When a harmless gateway call last accepted these credentials at their origin (epoch ms);
   * absent for credentials saved without that proof. Only proven ones read as configured.
   */
  testedAt: z.number().int().nonnegative().optional(),
});
export type StoredCredentials = z.infer<typeof storedCredentialsSchema> & { origin: string };

/** Everything the settings store file holds. */
export interface StoredSettings {
  settings: Settings;
  credentials: StoredCredentials | null;
}

/** Where settings live: electron-store in the app, a JSON file or memory in tests. */
export interface SettingsStorage {
  /** The stored object as found, or `unreadable` when the file exists but is not JSON. */
  read(): Result<unknown, 'unreadable'>;
  write(value: StoredSettings): void;
}

/**
 * Encrypts the API password with a key the OS keeps (Electron's safeStorage); the store only
 * ever sees base64 ciphertext.
 */
export interface SecretCipher {
  /** False where the only backend would keep secrets in plain text (Linux `basic_text`). */
  isAvailable(): Promise<boolean>;
  encrypt(plainText: string): Promise<string>;
  /**
   * The plain text, and `reEncrypted`: a fresh ciphertext when the OS says the stored one
   * was made with a key it has since rotated (safeStorage's `shouldReEncrypt`), else null.
   */
  decrypt(ciphertext: string): Promise<{ plainText: string; reEncrypted: string | null }>;
}

export interface SettingsRead {
  stored: StoredSettings;
  /** Set when something stored had to be thrown away; the settings screen shows it. */
  warning: 'settings-reset' | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Settings that joined after the first release: a store written before them lacks them and
 * gets their defaults, not a reset of everything else.
 */
const addedSinceFirstRelease = {
  printing: defaultSettings.printing,
  holds: defaultSettings.holds,
  checkCardEarly: defaultSettings.checkCardEarly,
  merchantCountry: defaultSettings.merchantCountry,
  bilingualReceipts: defaultSettings.bilingualReceipts,
  holdUpdates: defaultSettings.holdUpdates,
};

function readSettings(value: unknown): Settings | null {
  const parsed = settingsSchema.safeParse(
    isRecord(value) ? { ...addedSinceFirstRelease, ...value } : value,
  );
  if (!parsed.success) return null;
  const checked = checkSettings(parsed.data);
  return checked.ok ? checked.value : null;
}

/**
 * Validates what the store holds (DESIGN.md §6). The file is outside our control: corrupt,
 * hand-edited or tampered content falls back to the defaults (Training mode) with a
 * `settings-reset` warning and never crashes the app. A store that was simply never written
 * is the defaults without a warning.
 */
export function readStoredSettings(read: Result<unknown, 'unreadable'>): SettingsRead {
  const fresh: StoredSettings = { settings: defaultSettings, credentials: null };
  if (!read.ok) return { stored: fresh, warning: 'settings-reset' };
  if (read.value === undefined || read.value === null) return { stored: fresh, warning: null };
  if (!isRecord(read.value)) return { stored: fresh, warning: 'settings-reset' };

  const raw = read.value;
  const settings = raw.settings === undefined ? defaultSettings : readSettings(raw.settings);
  const credentials =
    raw.credentials === undefined || raw.credentials === null
      ? null
      : storedCredentialsSchema.safeParse(raw.credentials);
  const credentialsOk = credentials === null || credentials.success;
  const kept = settings ?? defaultSettings;
  const origin = credentials?.success ? (credentials.data.origin ?? liveOriginOf(kept)) : null;
  return {
    stored: {
      settings: kept,
      credentials: credentials?.success && origin ? { ...credentials.data, origin } : null,
    },
    warning: settings && credentialsOk ? null : 'settings-reset',
  };
}
