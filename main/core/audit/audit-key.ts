import { randomBytes } from 'node:crypto';
import type { Logger } from '../ports';
import type { SecretCipher } from '../settings/settings-storage';
import type { AuditStore } from './audit-store';

/**
 * The chain's HMAC key: 32 random bytes made on first start and kept only as the OS
 * cipher's output (safeStorage, the same port as the gateway password), so someone with the
 * file and an SQLite tool cannot recompute the MACs. Where the OS offers no protection
 * (Linux plain-text backend) the key is stored as is and marked unprotected: the chain then
 * still catches edits by hand, not a rebuild, and Verify says so.
 */
export async function loadAuditKey(
  store: AuditStore,
  cipher: SecretCipher,
  logger: Logger,
): Promise<{ key: Buffer; protected: boolean }> {
  const sealed = store.sealedKey();
  if (sealed) {
    if (!sealed.protected) return { key: Buffer.from(sealed.sealed, 'base64'), protected: false };
    try {
      const { plainText } = await cipher.decrypt(sealed.sealed);
      return { key: Buffer.from(plainText, 'base64'), protected: true };
    } catch {
      // A file copied from another machine or user: its chain cannot be checked here. A
      // throwaway key keeps the terminal working; Verify reports the chain as broken.
      logger.error('audit key could not be unsealed; the audit trail cannot be verified');
      return { key: randomBytes(32), protected: true };
    }
  }
  const key = randomBytes(32);
  const available = await cipher.isAvailable();
  const stored = available ? await cipher.encrypt(key.toString('base64')) : key.toString('base64');
  store.saveSealedKey(stored, available);
  return { key, protected: available };
}
