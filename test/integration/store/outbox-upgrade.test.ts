import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openJournal } from '../../../main/core/journal';
import { migrate } from '../../../main/core/platform/migrate';
import { migrations } from '../../../main/core/journal/migrations';
import { openDatabase } from '../../../main/core/platform/open-database';
import { openOutbox } from '../../../main/core/store/outbox';
import { recordKinds } from '../../../main/core/store/record-kinds';

/**
 * A counter that joined a store before its journal knew links, shifts and Z reports as
 * outbox records: upgrading queues the ones it already has, so the store gets them too.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A journal at the outbox's first version (11), with a shift and a closed one written. */
function journalBeforeUpgrade(inStore: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-upgrade-'));
  dirs.push(dir);
  const path = join(dir, 'journal.sqlite');
  const db = openDatabase(path);
  const outboxVersion = Math.min(
    ...migrations.filter((step) => step.sql.includes('store_outbox (')).map((s) => s.version),
  );
  migrate(
    db,
    migrations.filter((step) => step.version <= outboxVersion),
    1,
  );
  if (inStore)
    db.exec(`INSERT INTO store_replication (only_row, counter_id, since) VALUES (1, 'A', 1)`);
  db.exec(`INSERT INTO shifts (opened_at, opened_after_entry, closed_at, closed_through_entry)
    VALUES (10, 0, 20, 0)`);
  db.exec('INSERT INTO shifts (opened_at, opened_after_entry) VALUES (20, 0)');
  db.close();
  return path;
}

describe('upgrading a journal to replicate links, shifts and Z reports', () => {
  it('queues the shifts a store-mode journal already had, as the store expects them', () => {
    const path = journalBeforeUpgrade(true);
    openJournal({ path, clock: { now: () => 30 } }).close();
    const outbox = openOutbox(path);
    const queued = outbox.pending(0, 100);
    outbox.close();
    expect(queued.map((record) => [record.kind, record.recordId])).toEqual([
      ['shift', '1'],
      ['shift', '2'],
    ]);
    expect(JSON.parse(queued[0]!.payload)).toEqual({
      shift_id: 1,
      opened_at: 10,
      opened_after_entry: 0,
      closed_at: 20,
      closed_through_entry: 0,
    });
    for (const record of queued)
      expect(recordKinds.map((kind) => kind.kind)).toContain(record.kind);
  });

  it('queues nothing for a journal that is not in a store', () => {
    const path = journalBeforeUpgrade(false);
    openJournal({ path, clock: { now: () => 30 } }).close();
    const outbox = openOutbox(path);
    expect(outbox.waiting()).toBe(0);
    outbox.close();
  });
});
