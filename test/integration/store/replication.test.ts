import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { pushBatch } from '../../../main/core/store/push-batch';
import { listenToStore } from '../../../main/core/store/store-listener';
import { searchStoreHistory } from '../../../main/core/store/store-history';
import { journalSale, quietLogger, startCounter, type StoreCounter } from './store-counter';
import { storeClusterForFile } from './store-cluster';

const { skip, cluster, freshStore } = storeClusterForFile('store replication');

const until = async (check: () => Promise<boolean> | boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** Everything the store holds, for exact comparisons. */
async function storeContents(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const attempts = await client.query(
      `SELECT attempt_id, counter_id, state, status, version::float8 AS version,
         change_seq::float8 AS change_seq FROM store_attempts ORDER BY attempt_id`,
    );
    const events = await client.query(
      `SELECT counter_id, event_id::float8 AS event_id, attempt_id, step, outcome
       FROM store_events ORDER BY counter_id, event_id`,
    );
    const ledger = await client.query(
      `SELECT counter_id, entry_id::float8 AS entry_id, kind, record_id,
         amount_minor::float8 AS amount_minor FROM store_ledger ORDER BY counter_id, entry_id`,
    );
    return { attempts: attempts.rows, events: events.rows, ledger: ledger.rows };
  } finally {
    await client.end();
  }
}

/** A counter's own journal, as the store should mirror it. */
function localEvents(counter: StoreCounter, attemptId: string) {
  return counter.journal.detail(attemptId)?.events.map((event) => `${event.step}:${event.outcome}`);
}

describe.skipIf(skip !== null)('store replication on a real PostgreSQL', () => {
  it('two counters: a sale on A appears in B’s store History, announced by NOTIFY', async () => {
    const url = await freshStore();
    const a = await startCounter(url, 'A');
    const b = await startCounter(url, 'B');
    const heard: (string | null)[] = [];
    const listener = listenToStore({
      config: { connectionString: url },
      onChange: (counterId) => heard.push(counterId),
      logger: quietLogger,
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const written = Date.now();
      const sale = journalSale(a.journal, 4_250, 'cashier-7');
      await until(() => heard.includes('A'));
      const page = await searchStoreHistory(b.pool, {}, null, 50);
      expect(Date.now() - written).toBeLessThan(1_000);
      expect(page.rows).toEqual([
        expect.objectContaining({
          attemptId: sale,
          counterId: 'A',
          status: 'paid',
          amountMinor: 4_250,
          operatorId: 'cashier-7',
          masked: '411111******1111',
        }),
      ]);
      const byCounter = await searchStoreHistory(b.pool, { counterId: 'B' }, null, 50);
      expect(byCounter.rows).toEqual([]);
      const byOperator = await searchStoreHistory(b.pool, { operatorId: 'cashier-7' }, null, 50);
      expect(byOperator.rows.map((row) => row.attemptId)).toEqual([sale]);
      const events = (await storeContents(url)).events.filter((e) => e.attempt_id === sale);
      expect(events.map((e) => `${e.step}:${e.outcome}`)).toEqual(localEvents(a, sale));
      expect(a.replicator.status()).toEqual({ online: true, offlineSince: null, waiting: 0 });
    } finally {
      await listener.stop();
      await a.close();
      await b.close();
    }
  });

  it('five counters selling at once, the server stopped mid-batch and started: nothing lost, nothing twice, each record in its final state', async () => {
    const url = await freshStore();
    const counters = await Promise.all(
      ['C1', 'C2', 'C3', 'C4', 'C5'].map((id) => startCounter(url, id, { batchSize: 40 })),
    );
    const sales = new Map<string, StoreCounter>();
    const sell = (rounds: number) => {
      for (let round = 0; round < rounds; round += 1) {
        for (const counter of counters)
          sales.set(journalSale(counter.journal, 100 + round), counter);
      }
    };
    try {
      // The server stops (as by a crash) the moment C1 has committed its first batch, while
      // C1 and the others have more batches (of 40 records) on the wire or about to be.
      const stopped = new Promise<void>((resolve) => {
        const off = counters[0]!.replicator.onStatus((status) => {
          if (status.online && status.waiting > 0) {
            off();
            cluster().stop('immediate');
            resolve();
          }
        });
      });
      sell(10);
      await stopped;
      sell(5);
      await until(() => counters.every((counter) => !counter.replicator.status().online));
      const status = counters[0]!.replicator.status();
      expect(status.offlineSince).not.toBeNull();
      expect(status.waiting).toBeGreaterThan(0);
      cluster().start();
      sell(5);
      await until(
        () =>
          counters.every(
            (c) => c.replicator.status().online && c.replicator.status().waiting === 0,
          ),
        20_000,
      );

      const stored = await storeContents(url);
      expect(stored.attempts).toHaveLength(sales.size);
      for (const row of stored.attempts) {
        const counter = sales.get(row.attempt_id);
        expect(counter?.id).toBe(row.counter_id);
        expect(row).toMatchObject({ state: 'paid', status: 'paid' });
      }
      // The ledger: exactly one sale per paid attempt, under its counter.
      expect(stored.ledger).toHaveLength(sales.size);
      for (const entry of stored.ledger) {
        expect(entry.kind).toBe('sale');
        expect(sales.get(entry.record_id)?.id).toBe(entry.counter_id);
      }
      // Events: exactly the journal's, once each, in the journal's order per attempt.
      for (const [attemptId, counter] of sales) {
        const events = stored.events.filter((e) => e.attempt_id === attemptId);
        expect(events.map((e) => `${e.step}:${e.outcome}`)).toEqual(
          localEvents(counter, attemptId),
        );
      }
    } finally {
      await Promise.all(counters.map((counter) => counter.close()));
    }
  }, 60_000);

  it('a redelivered or reordered batch changes nothing', async () => {
    const url = await freshStore();
    const a = await startCounter(url, 'A', { pollMs: 60_000 });
    try {
      await a.replicator.drain();
      const sale = journalSale(a.journal);
      // The batch as it was before it was acknowledged: every version of the attempt.
      const batch = a.outbox.pending(0, 100);
      expect(batch.filter((record) => record.kind === 'attempt')).toHaveLength(5);
      await a.replicator.drain();
      const before = await storeContents(url);
      expect(before.attempts).toEqual([
        expect.objectContaining({ attempt_id: sale, state: 'paid' }),
      ]);

      await pushBatch(a.pool, 'A', batch);
      // Older versions alone, oldest last: the upsert must not take the attempt back.
      const older = batch
        .filter((record) => record.kind === 'attempt')
        .slice(0, 3)
        .reverse();
      for (const record of older) await pushBatch(a.pool, 'A', [record]);
      expect(await storeContents(url)).toEqual(before);
    } finally {
      await a.close();
    }
  });

  it('a counter cannot overwrite another counter’s attempt, and an unregistered counter is refused', async () => {
    const url = await freshStore();
    const a = await startCounter(url, 'A', { pollMs: 60_000 });
    try {
      journalSale(a.journal);
      const batch = a.outbox
        .pending(0, 100)
        .map((record) => ({ ...record, outboxId: record.outboxId + 1_000 }));
      await a.replicator.drain();
      const before = await storeContents(url);
      const other = await startCounter(url, 'B', { pollMs: 60_000 });
      await pushBatch(other.pool, 'B', batch);
      expect((await storeContents(url)).attempts).toEqual(before.attempts);
      await expect(pushBatch(a.pool, 'NOT-REGISTERED', batch)).rejects.toThrow(/unknown-counter/);
      await other.close();
    } finally {
      await a.close();
    }
  });
});
