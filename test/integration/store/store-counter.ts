import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openJournal, type Journal } from '../../../main/core/journal';
import type { Logger } from '../../../main/core/ports';
import { openOutbox, type Outbox } from '../../../main/core/store/outbox';
import { startReplicator, type Replicator } from '../../../main/core/store/outbox-replicator';
import { registerCounter } from '../../../main/core/store/counters';
import { migrateStore } from '../../../main/core/store/migrate-store';

/** Logs nowhere: replication failures are expected while a test stops the server. */
export const quietLogger: Logger = { info() {}, warn() {}, error() {} };

/** One install in store mode: its own data directory, journal, outbox and replicator. */
export interface StoreCounter {
  id: string;
  /** The journal file (another process, or a bench thread, may write it too). */
  path: string;
  journal: Journal;
  outbox: Outbox;
  replicator: Replicator;
  pool: pg.Pool;
  close(): Promise<void>;
}

export async function migratedStore(url: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const client = await pool.connect();
  try {
    await migrateStore(client);
  } finally {
    client.release();
    await pool.end();
  }
}

export async function startCounter(
  url: string,
  id: string,
  options: { pollMs?: number; batchSize?: number } = {},
): Promise<StoreCounter> {
  const dir = mkdtempSync(join(tmpdir(), `paydesk-counter-${id}-`));
  const path = join(dir, 'journal.sqlite');
  const clock = { now: () => Date.now() };
  const journal = openJournal({ path, clock });
  const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 2_000 });
  pool.on('error', () => undefined);
  await registerCounter(pool, { counterId: id, name: `Counter ${id}` });
  const outbox = openOutbox(path);
  outbox.join(id, clock.now());
  const replicator = startReplicator({
    outbox,
    pool,
    counterId: id,
    clock,
    logger: quietLogger,
    pollMs: options.pollMs ?? 50,
    batchSize: options.batchSize,
    retryMs: { first: 100, max: 400 },
  });
  return {
    id,
    path,
    journal,
    outbox,
    replicator,
    pool,
    async close() {
      await replicator.stop();
      outbox.close();
      journal.close();
      await pool.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A paid sale as the engine writes it: created, session, initiated, pay-sent, paid (five
 * states, five events), each its own durable journal transaction.
 */
export function journalSale(
  journal: Journal,
  amountMinor = 1_000,
  operatorId = 'op-1',
  currency: 'SAR' | 'USD' = 'SAR',
): string {
  const attemptId = randomUUID();
  journal.createAttempt(
    {
      attemptId,
      merchantReferenceId: `REF-${attemptId.slice(0, 8)}`,
      amountMinor,
      currency,
      brand: 'visa',
      first6: '411111',
      last4: '1111',
      holderName: 'SARA HASSAN',
      createdAt: Date.now(),
      operatorId,
    },
    { step: 'create', outcome: 'ok' },
  );
  journal.transition(
    attemptId,
    { state: 'session', sessionId: randomUUID() },
    { step: 'session', outcome: 'ok' },
  );
  journal.transition(attemptId, { state: 'initiated' }, { step: 'initiate', outcome: 'ok' });
  journal.transition(
    attemptId,
    { state: 'pay-sent', orderId: randomUUID() },
    { step: 'pay', outcome: 'sent' },
  );
  journal.transition(
    attemptId,
    { state: 'paid', status: 'paid' },
    { step: 'pay', outcome: 'paid' },
  );
  return attemptId;
}
