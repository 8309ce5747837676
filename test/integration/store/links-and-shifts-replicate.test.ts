import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openJournal } from '../../../main/core/journal';
import { openOutbox } from '../../../main/core/store/outbox';
import { startReplicator } from '../../../main/core/store/outbox-replicator';
import { pushBatch } from '../../../main/core/store/push-batch';
import { registerCounter } from '../../../main/core/store/counters';
import { readStoreDay } from '../../../main/core/store/store-end-of-day';
import { closeShiftWithZ } from './store-shifts';
import { journalLink } from './store-links';
import { journalSale, quietLogger, startCounter } from './store-counter';
import { storeClusterForFile } from './store-cluster';
import { linkJournalOf } from '../../support/link-journal-of';

const { skip, freshStore } = storeClusterForFile('store links and shifts');

async function query<R extends pg.QueryResultRow>(url: string, sql: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Links, their events, shifts and Z reports as the store holds them. */
const contents = async (url: string) => ({
  links: await query(
    url,
    `SELECT counter_id, link_id, status, amount_minor::float8 AS amount, sent_count,
       version::float8 AS version FROM store_links ORDER BY link_id`,
  ),
  linkEvents: await query(
    url,
    'SELECT counter_id, event_id::float8 AS id, link_id, step FROM store_link_events ORDER BY event_id',
  ),
  shifts: await query(
    url,
    `SELECT counter_id, shift_id::float8 AS shift_id, closed_at IS NOT NULL AS closed,
       version::float8 AS version FROM store_shifts ORDER BY counter_id, shift_id`,
  ),
  zReports: await query(
    url,
    `SELECT counter_id, z_number::float8 AS z, report -> 'currencies' AS currencies
     FROM store_z_reports ORDER BY counter_id, z_number`,
  ),
});

describe.skipIf(skip !== null)('links, shifts and Z reports in the store', () => {
  it('replicate with their events, in their final state; a redelivered or older batch changes nothing', async () => {
    const url = await freshStore();
    const a = await startCounter(url, 'A', { pollMs: 60_000 });
    try {
      journalSale(a.journal, 1_000);
      const linkId = journalLink(a.journal, 2_500);
      const z = await closeShiftWithZ(a.path, 'admin-1');
      const batch = a.outbox.pending(0, 1_000);
      await a.replicator.drain();
      const stored = await contents(url);

      expect(stored.links).toEqual([
        {
          counter_id: 'A',
          link_id: linkId,
          status: 'paid',
          amount: 2_500,
          sent_count: 1,
          version: expect.any(Number),
        },
      ]);
      expect(stored.linkEvents.map((event) => event.step)).toEqual(
        linkJournalOf(a.journal)
          .events(linkId)
          .map((event) => event.step),
      );
      // Shift 1 closed by the Z, shift 2 opened by it.
      expect(stored.shifts).toEqual([
        expect.objectContaining({ counter_id: 'A', shift_id: 1, closed: true }),
        expect.objectContaining({ counter_id: 'A', shift_id: 2, closed: false }),
      ]);
      expect(stored.zReports).toEqual([{ counter_id: 'A', z: 1, currencies: z.currencies }]);
      // A paid link is a sale too (in the Z report), and counted among the links.
      expect(z.currencies[0]).toMatchObject({
        sales: { count: 2, totalMinor: 3_500 },
        linksPaid: { count: 1, totalMinor: 2_500 },
      });

      await pushBatch(a.pool, 'A', batch);
      // Every older version alone, newest first: nothing may go back (link pending, shift open).
      const older = batch.filter((r) => r.kind === 'link' || r.kind === 'shift').reverse();
      for (const record of older) await pushBatch(a.pool, 'A', [record]);
      expect(await contents(url)).toEqual(stored);
    } finally {
      await a.close();
    }
  });

  it('a journal joining the store queues the links, shifts and Z reports it already had', async () => {
    const url = await freshStore();
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-join-'));
    const path = join(dir, 'journal.sqlite');
    const journal = openJournal({ path, clock: { now: () => Date.now() } });
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      const linkId = journalLink(journal, 4_000);
      await closeShiftWithZ(path, null);
      await registerCounter(pool, { counterId: 'late', name: 'Late joiner' });
      const outbox = openOutbox(path);
      outbox.join('late', Date.now());
      const replicator = startReplicator({
        outbox,
        pool,
        counterId: 'late',
        clock: { now: () => Date.now() },
        logger: quietLogger,
        pollMs: 60_000,
      });
      await replicator.drain();
      await replicator.stop();
      outbox.close();
      const stored = await contents(url);
      expect(stored.links.map((link) => [link.link_id, link.status])).toEqual([[linkId, 'paid']]);
      expect(stored.linkEvents).toHaveLength(3);
      expect(stored.shifts.map((shift) => shift.closed)).toEqual([true, false]);
      expect(stored.zReports.map((report) => report.z)).toEqual([1]);
    } finally {
      journal.close();
      await pool.end();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('store end of day: sums every counter’s Z reports of the day per currency, names open shifts with money and silent counters', async () => {
    const url = await freshStore();
    const a = await startCounter(url, 'A', { pollMs: 60_000 });
    const b = await startCounter(url, 'B', { pollMs: 60_000 });
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await registerCounter(pool, { counterId: 'C', name: 'Never synced' });
      journalSale(a.journal, 1_000);
      journalSale(a.journal, 2_000);
      await closeShiftWithZ(a.path, 'admin-a');
      journalSale(b.journal, 500);
      journalSale(b.journal, 700, 'op-1', 'USD');
      await closeShiftWithZ(b.path, null);
      // B goes on selling: its open shift now holds money no Z has counted.
      journalSale(b.journal, 900);
      await a.replicator.drain();
      await b.replicator.drain();

      const now = Date.now();
      const day = await readStoreDay(pool, { fromMs: now - 3_600_000, toMs: now + 3_600_000 }, now);
      expect(day.counters).toBe(3);
      expect(day.currencies.map((c) => [c.currency, c.sales, c.netMinor])).toEqual([
        ['SAR', { count: 3, totalMinor: 3_500 }, 3_500],
        ['USD', { count: 1, totalMinor: 700 }, 700],
      ]);
      expect(day.zReports.map((z) => [z.counterId, z.zNumber, z.closedBy])).toEqual([
        ['A', 1, 'admin-a'],
        ['B', 1, null],
      ]);
      expect(day.openShifts.map((open) => [open.counterId, open.entries])).toEqual([['B', 1]]);
      expect(day.silent.map((line) => [line.counterId, line.lastSyncAt])).toEqual([['C', null]]);

      // Another day: no Z reports, nothing summed; yesterday's end is before every sync.
      const yesterday = await readStoreDay(
        pool,
        { fromMs: now - 30 * 3_600_000, toMs: now - 6 * 3_600_000 },
        now,
      );
      expect(yesterday.zReports).toEqual([]);
      expect(yesterday.currencies).toEqual([]);
      expect(yesterday.openShifts).toEqual([]);
    } finally {
      await pool.end();
      await a.close();
      await b.close();
    }
  });
});
