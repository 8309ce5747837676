import { randomBytes } from 'node:crypto';
import type { Logger } from '../ports';
import type { SecretCipher } from '../settings/settings-storage';
import type { AuditStore } from './audit-store';

/**
 * The chain's HMAC key: 32 random bytes made on first start and kept only as the OS
 * cipher's output (safeStorage, the same port as the gateway password), so someone with the
 * file and an SQLite tool cannot recompute the MACs.
 *
 * Where the OS offers no protection (Linux's plain-text backend) the key is not stored at
 * all: a key beside the chain lets whoever can edit the file rewrite the trail and its MACs,
 * and Verify would then call the rewrite intact. The rows are MACed under a key that lives
 * only in memory for this run, and the store keeps an empty, unprotected key row as the mark
 * that makes Verify refuse (audit-trail.ts), on this run and every later one: what was
 * written without protection can never be vouched for. A key an earlier version stored in
 * clear is treated the same way and never used again.
 */
export async function loadAuditKey(
  store: AuditStore,
  cipher: SecretCipher,
  logger: Logger,
): Promise<{ key: Buffer; protected: boolean }> {
  const sealed = store.sealedKey();
  if (sealed) {
    if (!sealed.protected) return { key: randomBytes(32), protected: false };
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
  if (!(await cipher.isAvailable())) {
    logger.error('no secure storage: the audit key is kept in memory only, Verify is refused');
    store.saveSealedKey('', false);
    return { key, protected: false };
  }
  store.saveSealedKey(await cipher.encrypt(key.toString('base64')), true);
  return { key, protected: true };
}
