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
      // `shouldReEncrypt` (a rotated OS key) is not acted on: the old ciphertext stays
      // readable, and the next credentials save writes a fresh one.
      const { result } = await safeStorage.decryptStringAsync(Buffer.from(ciphertext, 'base64'));
      return result;
    },
  };
}
