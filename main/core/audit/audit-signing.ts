import { createPublicKey, hash, sign, verify, type KeyObject } from 'node:crypto';
import type { AuditRow } from '../../../shared/ipc-security';
import { genesisMac, rowContent } from './audit-chain';

/**
 * The audit chain as any counter can check it (docs/store.md, "Audit across counters").
 * The HMAC chain (audit-chain.ts) is keyed with a secret only its own counter holds, so no
 * other counter can check it. Beside it each row carries:
 * - a *link*: SHA-256 over the previous row's link and the row's own fields, which anyone
 *   holding the rows recomputes (no secret), so a link commits to every row before it;
 * - the counter's Ed25519 signature over its sequence number and link, made with a private
 *   key sealed on the counter like the HMAC key. Its public key is published in the store.
 * A valid signature on row n therefore proves rows 1..n exactly as the counter wrote them,
 * including rows written before signing began (they are inside the first signed link).
 */
export const genesisLink = genesisMac;

export function chainLink(previousLink: string, row: AuditRow): string {
  return hash('sha256', `${previousLink}\n${rowContent(row)}`, 'hex');
}

/** What a signature covers; the prefix keeps it from meaning anything else. */
const signedBytes = (seq: number, link: string) => Buffer.from(`paydesk-audit-v1\n${seq}\n${link}`);

/** Signs new rows: the counter's private key, in memory only once unsealed. */
export interface AuditSigner {
  /** SPKI DER, base64: what the store publishes. */
  publicKey: string;
  /** The first row signed with this key: rows before it were written unsigned. */
  firstSeq: number;
  sign(seq: number, link: string): string;
}

export function createAuditSigner(privateKey: KeyObject, firstSeq: number): AuditSigner {
  const publicKey = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return {
    publicKey: publicKey.toString('base64'),
    firstSeq,
    sign: (seq, link) => sign(null, signedBytes(seq, link), privateKey).toString('base64'),
  };
}

/** A published public key, parsed; null when it is not an Ed25519 key. */
export function auditPublicKey(base64: string): KeyObject | null {
  try {
    const key = createPublicKey({
      key: Buffer.from(base64, 'base64'),
      format: 'der',
      type: 'spki',
    });
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

export function signatureHolds(key: KeyObject, seq: number, link: string, sig: string): boolean {
  try {
    return verify(null, signedBytes(seq, link), key, Buffer.from(sig, 'base64'));
  } catch {
    return false;
  }
}
