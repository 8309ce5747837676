import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import type { Logger } from '../ports';
import type { SecretCipher } from '../settings/settings-storage';
import { createAuditSigner, type AuditSigner } from './audit-signing';
import type { AuditStore } from './audit-store';

const pkcs8 = (base64: string) =>
  createPrivateKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'pkcs8' });

/**
 * The counter's audit signing key pair (audit-signing.ts): made on the first start after
 * the upgrade, the private half kept only as the OS cipher's output, exactly like the HMAC
 * key (audit-key.ts), so it never leaves the counter. `nextSeq` is the row the new key signs
 * first: every row before it was written unsigned, and other counters report them so.
 *
 * Without the OS's secure storage there is no signer (undefined) and nothing is stored: a
 * private key kept in clear would let anyone with the file sign a rewritten trail that every
 * other counter then accepts. Rows are written unsigned, and store mode, where signatures
 * matter, is refused on such a counter (store-service.ts). A key an earlier version stored
 * in clear signs nothing any more: rows from then on read as unsigned elsewhere.
 */
export async function loadAuditSigner(
  store: AuditStore,
  cipher: SecretCipher,
  logger: Logger,
  nextSeq: number,
): Promise<AuditSigner | undefined> {
  const saved = store.signingKey();
  if (saved) {
    if (!saved.protected) {
      logger.error('audit signing key was stored unprotected; audit rows are no longer signed');
      return undefined;
    }
    try {
      const { plainText } = await cipher.decrypt(saved.sealed);
      return createAuditSigner(pkcs8(plainText), saved.firstSeq);
    } catch {
      // A file copied from another machine or user: a throwaway key keeps the terminal
      // working, and its signatures fail against the published key everywhere, as they
      // should for a trail that is not this counter's.
      logger.error('audit signing key could not be unsealed; other counters will not verify');
      return createAuditSigner(generateKeyPairSync('ed25519').privateKey, saved.firstSeq);
    }
  }
  if (!(await cipher.isAvailable())) {
    logger.error('no secure storage: audit rows are not signed');
    return undefined;
  }
  const { privateKey } = generateKeyPairSync('ed25519');
  const signer = createAuditSigner(privateKey, nextSeq);
  const plain = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  store.saveSigningKey({
    sealed: await cipher.encrypt(plain),
    protected: true,
    publicKey: signer.publicKey,
    firstSeq: nextSeq,
  });
  return signer;
}
