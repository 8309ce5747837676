import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournal } from '../../../main/core/journal';
import { appliedVersions, migrate } from '../../../main/core/platform/migrate';
import { migrations } from '../../../main/core/journal/migrations';
import { openDatabase } from '../../../main/core/platform/open-database';
import { manualClock, newAttempt } from './temp-journal';

let dir: string;
let path: string;
const clock = manualClock();

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-journal-migrations-'));
  path = join(dir, 'journal.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const indexNames = (db: DatabaseSync) =>
  db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND name NOT LIKE 'sqlite_%'")
    .all()
    .map((row) => String(row.name))
    .sort();

describe('journal migrations', () => {
  it('creates a fresh file at the latest version, recording every step', () => {
    openJournal({ path, clock }).close();
    const db = new DatabaseSync(path, { readOnly: true });
    const ledger = db.prepare('SELECT version, name, applied_at FROM schema_migrations').all();
    expect(ledger).toEqual(
      migrations.map((step) => ({
        version: step.version,
        name: step.name,
        applied_at: clock.now(),
      })),
    );
    expect(indexNames(db)).toContain('attempts_by_time');
    db.close();
  });

  it('opens with WAL, synchronous=FULL, foreign keys and a busy timeout', () => {
    const db = openDatabase(path);
    const pragma = (name: string) => Object.values(db.prepare(`PRAGMA ${name}`).get() ?? {})[0];
    expect(pragma('journal_mode')).toBe('wal');
    expect(pragma('synchronous')).toBe(2); // FULL
    expect(pragma('foreign_keys')).toBe(1);
    expect(pragma('busy_timeout')).toBe(5000);
    db.close();
  });

  it('brings a file written at migration 1 up to date and keeps its attempts', () => {
    const old = openDatabase(path);
    migrate(old, migrations.slice(0, 1), clock.now());
    const attempt = newAttempt({ merchantReferenceId: 'OLD-42' });
    old
      .prepare(
        `INSERT INTO attempts (attempt_id, merchant_reference_id, amount_minor, currency, brand,
           first6, last4, card_length, holder_name, state, status, created_at, updated_at)
         VALUES (?, ?, 500, 'SAR', 'visa', '411111', '1111', 16, 'OLD', 'done', 'paid', ?, ?)`,
      )
      .run(attempt.attemptId, attempt.merchantReferenceId, attempt.createdAt, attempt.createdAt);
    expect(indexNames(old)).toEqual(['events_by_attempt']);
    old.close();

    const journal = openJournal({ path, clock });
    expect(journal.search({ text: 'old-4' }, null, 10).rows.map((row) => row.attemptId)).toEqual([
      attempt.attemptId,
    ]);
    journal.close();
    const db = new DatabaseSync(path, { readOnly: true });
    expect(appliedVersions(db)).toEqual(migrations.map((step) => step.version));
    expect(indexNames(db)).toEqual(
      expect.arrayContaining([
        'attempts_by_day_reference',
        'attempts_by_status',
        'attempts_in_doubt',
      ]),
    );
    db.close();
  });

  it('applies pending steps all or nothing', () => {
    const db = openDatabase(path);
    migrate(db, migrations.slice(0, 1), clock.now());
    const broken = {
      version: 99,
      name: 'broken',
      sql: 'CREATE TABLE extra (x); SELECT nope FROM nowhere;',
    };
    expect(() => migrate(db, [...migrations, broken], clock.now())).toThrow();
    expect(appliedVersions(db)).toEqual([1]);
    expect(indexNames(db)).toEqual(['events_by_attempt']);
    expect(
      db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'extra'").get(),
    ).toEqual({ n: 0 });
    db.close();
  });

  it('refuses a file written by a newer Paydesk', () => {
    openJournal({ path, clock }).close();
    const db = new DatabaseSync(path);
    db.prepare("INSERT INTO schema_migrations VALUES (999, 'from the future', 0)").run();
    db.close();
    expect(() => openJournal({ path, clock })).toThrow(
      expect.objectContaining({ code: 'journal-from-newer-version' }),
    );
  });
});
