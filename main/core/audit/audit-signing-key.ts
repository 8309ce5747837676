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
 */
export async function loadAuditSigner(
  store: AuditStore,
  cipher: SecretCipher,
  logger: Logger,
  nextSeq: number,
): Promise<AuditSigner> {
  const saved = store.signingKey();
  if (saved) {
    if (!saved.protected) return createAuditSigner(pkcs8(saved.sealed), saved.firstSeq);
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
  const { privateKey } = generateKeyPairSync('ed25519');
  const signer = createAuditSigner(privateKey, nextSeq);
  const plain = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  const available = await cipher.isAvailable();
  store.saveSigningKey({
    sealed: available ? await cipher.encrypt(plain) : plain,
    protected: available,
    publicKey: signer.publicKey,
    firstSeq: nextSeq,
  });
  return signer;
}
