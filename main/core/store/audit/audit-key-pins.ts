import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import { z } from 'zod';
import type { StoreQueryable } from '../store-pool';

/** A counter's public key, as the store publishes it or as this counter pinned it. */
export interface AuditKey {
  publicKey: string;
  firstSeq: number;
}

export interface PinnedAuditKey extends AuditKey {
  /** The furthest head of that chain this counter has verified (0: none yet). */
  seenSeq: number;
  seenLink: string | null;
}

/**
 * Publishes this counter's public key (security.sqlite's audit_signing_key) in the store,
 * once: the row is insert-only, so a key already there stays (and if it is not this
 * counter's, every counter that pinned the right one reports it). Pins its own key too.
 */
export async function publishAuditKey(
  pool: pg.Pool,
  db: DatabaseSync,
  counterId: string,
  now: number,
): Promise<void> {
  const own = db.prepare('SELECT public_key, first_seq FROM audit_signing_key').get();
  if (own === undefined) return;
  const key = { publicKey: String(own.public_key), firstSeq: Number(own.first_seq) };
  pin(db, counterId, key, now);
  await pool.query(
    `INSERT INTO store_audit_keys (counter_id, public_key, first_seq) VALUES ($1, $2, $3)
     ON CONFLICT (counter_id) DO NOTHING`,
    [counterId, key.publicKey, key.firstSeq],
  );
}

const storeKeyRow = z.object({
  counter_id: z.string(),
  public_key: z.string(),
  first_seq: z.coerce.number().int(),
});

/** Every counter's key as the store holds it now. */
export async function storeAuditKeys(db: StoreQueryable): Promise<Map<string, AuditKey>> {
  const result = await db.query('SELECT counter_id, public_key, first_seq FROM store_audit_keys');
  return new Map(
    result.rows
      .map((row) => storeKeyRow.parse(row))
      .map((row) => [row.counter_id, { publicKey: row.public_key, firstSeq: row.first_seq }]),
  );
}

function pin(db: DatabaseSync, counterId: string, key: AuditKey, now: number): void {
  db.prepare(
    `INSERT INTO audit_pinned_keys (counter_id, public_key, first_seq, pinned_at)
     VALUES (?, ?, ?, ?) ON CONFLICT (counter_id) DO NOTHING`,
  ).run(counterId, key.publicKey, key.firstSeq, now);
}

/**
 * Pins the key of every counter seen for the first time (trust on first use: from then on
 * a different key for that counter is reported, whatever the store says) and returns every
 * pin this counter holds. Run in each sync round, so keys are pinned as they appear.
 */
export function pinAuditKeys(
  db: DatabaseSync,
  keys: ReadonlyMap<string, AuditKey>,
  now: number,
): Map<string, PinnedAuditKey> {
  for (const [counterId, key] of keys) pin(db, counterId, key, now);
  const rows = db
    .prepare('SELECT counter_id, public_key, first_seq, seen_seq, seen_link FROM audit_pinned_keys')
    .all();
  return new Map(
    rows.map((row) => [
      String(row.counter_id),
      {
        publicKey: String(row.public_key),
        firstSeq: Number(row.first_seq),
        seenSeq: Number(row.seen_seq),
        seenLink: row.seen_link === null ? null : String(row.seen_link),
      },
    ]),
  );
}

/** Remembers a head verified under the pinned key, so rows later cut off the end show. */
export function recordSeenHead(
  db: DatabaseSync,
  counterId: string,
  head: { seq: number; link: string },
): void {
  db.prepare(
    `UPDATE audit_pinned_keys SET seen_seq = ?, seen_link = ?
     WHERE counter_id = ? AND seen_seq <= ?`,
  ).run(head.seq, head.link, counterId, head.seq);
}
