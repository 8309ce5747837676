import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openJournal } from '../../../main/core/journal';
import { migrations } from '../../../main/core/journal/migrations';
import {
  linkSource,
  trigger,
} from '../../../main/core/journal/migrations/step-14-links-shifts-z-reports-in-outbox';
import { linkHoldsInOutbox } from '../../../main/core/journal/migrations/step-15-link-holds-in-outbox';
import { openDatabase } from '../../../main/core/platform/open-database';
import { registerCounter } from '../../../main/core/store/counters';
import { openOutbox } from '../../../main/core/store/outbox';
import { pushBatch } from '../../../main/core/store/push-batch';
import { journalLink } from './store-links';
import { startCounter } from './store-counter';
import { storeClusterForFile } from './store-cluster';
import { linkJournalOf } from '../../support/link-journal-of';

/**
 * A link's hold (journal step 12) replicates with the link (journal step 15, store step 10),
 * so a held link captured or released at its counter shows so in the store, not as still
 * held.
 */
const { skip, freshStore } = storeClusterForFile('store link hold');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function storedLinks(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query(
      `SELECT link_id, status, hold_state, settle_after::float8 AS settle_after,
         hold_ended_at IS NOT NULL AS ended FROM store_links ORDER BY created_at, link_id`,
    );
    return found.rows;
  } finally {
    await client.end();
  }
}

const event = (step: string) => ({ step, outcome: 'ok' });

describe.skipIf(skip !== null)('link holds in the store', () => {
  it('a held link captured at its counter shows captured in the store, one released shows released, one in doubt shows so', async () => {
    const url = await freshStore();
    const a = await startCounter(url, 'A', { pollMs: 60_000 });
    try {
      const captured = journalLink(a.journal, 5_000, 'held');
      const released = journalLink(a.journal, 3_000, 'held');
      const inDoubt = journalLink(a.journal, 1_000, 'held');
      await a.replicator.drain();
      expect((await storedLinks(url)).map((link) => link.hold_state)).toEqual([null, null, null]);

      const { holds } = linkJournalOf(a.journal);
      const settleAfter = Date.now() + 60_000;
      expect(holds.sent(captured, 'capture', settleAfter, event('capture-sent'))).toBe(true);
      expect(holds.settle(captured, 'captured', null, event('capture'))).toBe(true);
      expect(holds.sent(released, 'release', settleAfter, event('release-sent'))).toBe(true);
      expect(holds.settle(released, 'released', null, event('release'))).toBe(true);
      expect(holds.sent(inDoubt, 'capture', settleAfter, event('capture-sent'))).toBe(true);
      await a.replicator.drain();

      expect(await storedLinks(url)).toEqual([
        {
          link_id: captured,
          status: 'held',
          hold_state: 'captured',
          settle_after: null,
          ended: true,
        },
        {
          link_id: released,
          status: 'held',
          hold_state: 'released',
          settle_after: null,
          ended: true,
        },
        {
          link_id: inDoubt,
          status: 'held',
          hold_state: 'capture-sent',
          settle_after: settleAfter,
          ended: false,
        },
      ]);
      // As the counter itself reads them.
      expect(linkJournalOf(a.journal).get(captured)?.status).toBe('captured');
    } finally {
      await a.close();
    }
  });

  it('a counter already in the store sends the holds it had when its journal is upgraded', async () => {
    const url = await freshStore();
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-hold-upgrade-'));
    dirs.push(dir);
    const path = join(dir, 'journal.sqlite');
    const journal = openJournal({ path, clock: { now: () => Date.now() } });
    const linkId = journalLink(journal, 5_000, 'held');
    linkJournalOf(journal).holds.sent(
      linkId,
      'capture',
      Date.now() + 60_000,
      event('capture-sent'),
    );
    linkJournalOf(journal).holds.settle(linkId, 'captured', null, event('capture'));
    journal.close();
    // The file as the release before left it: in a store, links sent without their hold.
    const holdStep = migrations.find((step) => step.sql === linkHoldsInOutbox.sql)!;
    const db = openDatabase(path);
    db.exec(`DELETE FROM schema_migrations WHERE version = ${holdStep.version}`);
    db.exec('DROP TRIGGER links_insert_to_outbox; DROP TRIGGER links_update_to_outbox;');
    db.exec(trigger(linkSource, 'INSERT') + trigger(linkSource, 'UPDATE'));
    db.exec("INSERT INTO store_replication (only_row, counter_id, since) VALUES (1, 'A', 1)");
    db.close();

    openJournal({ path, clock: { now: () => Date.now() } }).close();
    const outbox = openOutbox(path);
    const queued = outbox.pending(0, 100);
    outbox.close();
    expect(queued.map((record) => [record.kind, record.recordId])).toEqual([['link', linkId]]);
    expect(JSON.parse(queued[0]!.payload)).toMatchObject({
      status: 'held',
      hold_state: 'captured',
      settle_after: null,
    });
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await registerCounter(pool, { counterId: 'A', name: 'Counter A' });
      await pushBatch(pool, 'A', queued);
    } finally {
      await pool.end();
    }
    expect(await storedLinks(url)).toEqual([
      { link_id: linkId, status: 'held', hold_state: 'captured', settle_after: null, ended: true },
    ]);
  });
});
