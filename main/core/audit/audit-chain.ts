import { hash } from 'node:crypto';
import type { AuditRow, AuditVerdict } from '../../../shared/ipc-security';
import { constantTimeEqual } from '../platform/constant-time';

/** A stored row: the content and its MAC. */
export interface ChainedRow extends AuditRow {
  mac: string;
  /**
   * The public chain value and this counter's signature over it (audit-signing.ts); null on
   * rows written before signing began (security step 3).
   */
  link: string | null;
  sig: string | null;
}

/** The key's inner and outer pads of HMAC (RFC 2104), made once per key. */
const padsByKey = new WeakMap<Buffer, { inner: Buffer; outer: Buffer }>();

/** The inner hash's input (pad, then message), reused and grown as messages need. */
let innerInput = Buffer.alloc(64 + 1_024);
/** The outer hash's input: pad, then the inner digest. */
const outerInput = Buffer.alloc(64 + 32);

/**
 * HMAC-SHA256 (RFC 2104) over one-shot hashes of the padded key: byte for byte what
 * createHmac gives (a test pins it), but createHmac sets up an OpenSSL context per call,
 * about 100 µs, which alone would take Verify over 100,000 rows past ten seconds. The
 * message is written into a buffer kept between calls rather than a new one per call and
 * per concatenation (Verify makes 100,000 calls).
 */
export function hmacSha256(key: Buffer, message: string): string {
  let pads = padsByKey.get(key);
  if (!pads) {
    const block = Buffer.alloc(64);
    (key.length > 64 ? hash('sha256', key, 'buffer') : key).copy(block);
    pads = {
      inner: Buffer.from(block.map((byte) => byte ^ 0x36)),
      outer: Buffer.from(block.map((byte) => byte ^ 0x5c)),
    };
    padsByKey.set(key, pads);
  }
  const length = 64 + Buffer.byteLength(message);
  if (length > innerInput.length) innerInput = Buffer.alloc(2 * length);
  pads.inner.copy(innerInput);
  innerInput.write(message, 64);
  pads.outer.copy(outerInput);
  hash('sha256', innerInput.subarray(0, length), 'buffer').copy(outerInput, 64);
  return hash('sha256', outerInput, 'hex');
}

/** What the chain starts from: the MAC of the row before the first. */
export const genesisMac = '0'.repeat(64);

/**
 * A row's MAC: HMAC-SHA256 under the audit key over the previous row's MAC and the row's
 * own fields, sequence number included. Editing a field, deleting or reordering rows breaks
 * the next MAC; rebuilding the whole chain needs the key, which only safeStorage holds.
 */
export function rowMac(key: Buffer, previousMac: string, row: AuditRow): string {
  return hmacSha256(key, `${previousMac}\n${rowContent(row)}`);
}

/** A row's own fields as the MAC and the signed chain (audit-signing.ts) both cover them. */
export function rowContent(row: AuditRow): string {
  return JSON.stringify([row.seq, row.at, row.event, row.operatorId, row.subject, row.detail]);
}

/** The head's own MAC, so the head cannot be moved back without the key either. */
export function headMac(key: Buffer, head: { seq: number; mac: string }): string {
  return hmacSha256(key, `head\n${head.seq}\n${head.mac}`);
}

const same = (a: string, b: string) => constantTimeEqual(Buffer.from(a), Buffer.from(b));

export interface RecordedHead {
  seq: number;
  mac: string;
  headMac: string;
}

/**
 * Walks the rows in stored order and names the first that does not hold: a bad MAC (edited,
 * rebuilt without the key), a gap (deleted), a sequence going backwards (reordered), or a
 * chain that ends before the recorded head (newest rows deleted). Streaming, so 100,000 rows
 * never sit in memory together.
 */
export function verifyChain(
  key: Buffer,
  rows: Iterable<ChainedRow>,
  head: RecordedHead | null,
): AuditVerdict {
  let previousMac = genesisMac;
  let expectedSeq = 1;
  let count = 0;
  for (const row of rows) {
    count += 1;
    if (row.seq < expectedSeq) return { rows: count, broken: { seq: row.seq, reason: 'order' } };
    if (row.seq > expectedSeq) return { rows: count, broken: { seq: expectedSeq, reason: 'gap' } };
    if (!same(rowMac(key, previousMac, row), row.mac)) {
      return { rows: count, broken: { seq: row.seq, reason: 'mac' } };
    }
    previousMac = row.mac;
    expectedSeq += 1;
  }
  const lastSeq = expectedSeq - 1;
  if (head === null) {
    return { rows: count, broken: lastSeq === 0 ? null : { seq: lastSeq, reason: 'head' } };
  }
  if (!same(headMac(key, head), head.headMac)) {
    return { rows: count, broken: { seq: head.seq, reason: 'head' } };
  }
  if (head.seq > lastSeq) return { rows: count, broken: { seq: lastSeq + 1, reason: 'truncated' } };
  if (head.seq < lastSeq || !same(head.mac, previousMac)) {
    return { rows: count, broken: { seq: head.seq, reason: 'head' } };
  }
  return { rows: count, broken: null };
}
