import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretCipher } from '../core/settings/settings-storage';

/**
 * The host's stand-in for Electron's safeStorage: real AES-256-GCM under a key that lives
 * only in this process, so ciphertext in the store is unreadable after the host exits.
 * `available: false` plays Linux's plain-text-only backend.
 */
export function createMemoryCipher(options: { available?: boolean } = {}): SecretCipher {
  const key = randomBytes(32);
  const available = options.available ?? true;
  return {
    isAvailable: async () => available,
    async encrypt(plainText) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    async decrypt(ciphertext) {
      const bytes = Buffer.from(ciphertext, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      const plainText = Buffer.concat([
        decipher.update(bytes.subarray(28)),
        decipher.final(),
      ]).toString('utf8');
      // One key for the life of the host: it never needs re-encrypting.
      return { plainText, reEncrypted: null };
    },
  };
}
