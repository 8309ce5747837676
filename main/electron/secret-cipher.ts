import { safeStorage } from 'electron';
import type { SecretCipher } from '../core/settings/settings-storage';

/**
 * The API password under the OS key store (Keychain, DPAPI, libsecret/kwallet) through
 * safeStorage's async API. On Linux without a keyring Chromium falls back to `basic_text`,
 * a hard-coded key: that is plain text in disguise, so it counts as unavailable and the
 * settings service refuses to store the password (`secure-storage-unavailable`).
 */
export function createSafeStorageCipher(
  platform: NodeJS.Platform = process.platform,
): SecretCipher {
  return {
    async isAvailable() {
      if (platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
        return false;
      }
      return safeStorage.isAsyncEncryptionAvailable();
    },
    async encrypt(plainText) {
      return (await safeStorage.encryptStringAsync(plainText)).toString('base64');
    },
    async decrypt(ciphertext) {
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(
        Buffer.from(ciphertext, 'base64'),
      );
      // The OS rotated its key (or the stored text predates the current one): hand back a
      // ciphertext under the current key, which the settings service stores in its place.
      const reEncrypted = shouldReEncrypt
        ? (await safeStorage.encryptStringAsync(result)).toString('base64')
        : null;
      return { plainText: result, reEncrypted };
    },
  };
}
