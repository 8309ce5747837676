import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { genesisMac, headMac, hmacSha256, rowMac } from '../../../../main/core/audit/audit-chain';
import { createAuditTrail, type AuditTrail } from '../../../../main/core/audit/audit-trail';
import { createSqliteAuditStore } from '../../../../main/core/audit/sqlite-audit-store';
import { openSecurityDatabase } from '../../../../main/core/operators/security-database';

let dir: string;
let path: string;
let db: DatabaseSync;
let trail: AuditTrail;
const key = randomBytes(32);
let now = 1_000;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-audit-'));
  path = join(dir, 'security.sqlite');
  db = openSecurityDatabase(path, 0);
  trail = createAuditTrail({
    store: createSqliteAuditStore(db),
    key,
    clock: { now: () => (now += 1) },
  });
  for (const operatorId of ['amal', 'omar', 'amal', 'sara', 'omar']) {
    trail.record('sign-in', { operatorId });
  }
  trail.record('refund-requested', {
    operatorId: 'omar',
    subject: 'attempt-1',
    detail: '1000 SAR',
  });
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What someone with an SQLite tool does: drop the guards, then change the file. */
function tamper(sql: string, ...params: (string | number)[]) {
  const tool = new DatabaseSync(path);
  tool.exec('DROP TRIGGER IF EXISTS audit_no_update; DROP TRIGGER IF EXISTS audit_no_delete;');
  tool.prepare(sql).run(...params);
  tool.close();
}

const verify = () =>
  createAuditTrail({ store: createSqliteAuditStore(db), key, clock: { now: () => now } }).verify();

describe('the HMAC-chained audit trail', () => {
  it('verifies an untouched chain', () => {
    expect(verify()).toEqual({ rows: 6, broken: null });
  });

  it('refuses UPDATE and DELETE through SQL while the guards are in place', () => {
    expect(() => db.exec("UPDATE audit SET operator_id = 'x' WHERE seq = 1")).toThrow(
      /append-only/,
    );
    expect(() => db.exec('DELETE FROM audit WHERE seq = 6')).toThrow(/append-only/);
  });

  it('names an edited row', () => {
    tamper("UPDATE audit SET operator_id = 'sara' WHERE seq = 3");
    expect(verify().broken).toEqual({ seq: 3, reason: 'mac' });
  });

  it('names a deleted row', () => {
    tamper('DELETE FROM audit WHERE seq = 2');
    expect(verify().broken).toEqual({ seq: 2, reason: 'gap' });
  });

  it('names reordered rows (contents and MACs swapped)', () => {
    const tool = new DatabaseSync(path);
    tool.exec('DROP TRIGGER audit_no_update');
    tool.exec(`
      UPDATE audit SET seq = -2 WHERE seq = 2;
      UPDATE audit SET seq = 2 WHERE seq = 3;
      UPDATE audit SET seq = 3 WHERE seq = -2;`);
    tool.close();
    expect(verify().broken).toEqual({ seq: 2, reason: 'mac' });
  });

  it('names truncation of the newest rows through the recorded head', () => {
    tamper('DELETE FROM audit WHERE seq >= 5');
    expect(verify().broken).toEqual({ seq: 5, reason: 'truncated' });
  });

  it('catches a head moved back by hand (the head carries its own MAC)', () => {
    tamper('DELETE FROM audit WHERE seq >= 5');
    tamper('UPDATE audit_head SET seq = 4, mac = (SELECT mac FROM audit WHERE seq = 4)');
    expect(verify().broken).toEqual({ seq: 4, reason: 'head' });
  });

  it('catches a chain rebuilt without the key', () => {
    // The forger recomputes every MAC and the head, consistently, but with their own key.
    const forged = randomBytes(32);
    const rows = db.prepare('SELECT * FROM audit ORDER BY seq').all();
    const tool = new DatabaseSync(path);
    tool.exec('DROP TRIGGER audit_no_update');
    let previous = genesisMac;
    for (const row of rows) {
      const content = {
        seq: Number(row.seq),
        at: Number(row.at),
        event: String(row.event) as 'sign-in',
        operatorId: row.operator_id === null ? null : 'sara',
        subject: row.subject as string | null,
        detail: row.detail as string | null,
      };
      previous = rowMac(forged, previous, content);
      tool
        .prepare('UPDATE audit SET operator_id = ?, mac = ? WHERE seq = ?')
        .run(content.operatorId, previous, content.seq);
    }
    const head = { seq: rows.length, mac: previous };
    tool
      .prepare('UPDATE audit_head SET seq = ?, mac = ?, head_mac = ?')
      .run(head.seq, head.mac, headMac(forged, head));
    tool.close();
    expect(verify().broken).toEqual({ seq: 1, reason: 'mac' });
  });

  it('keeps appending after a restart, chained to the row it found', () => {
    const again = createAuditTrail({
      store: createSqliteAuditStore(db),
      key,
      clock: { now: () => now },
    });
    again.record('app-started', { detail: 'head=6' });
    expect(again.verify()).toEqual({ rows: 7, broken: null });
  });

  it('finds rows by operator and event, newest first, and pages by sequence', () => {
    expect(
      trail.search({ operatorId: 'omar', beforeSeq: null, limit: 10 }).map((r) => r.seq),
    ).toEqual([6, 5, 2]);
    expect(trail.search({ events: ['refund-requested'], beforeSeq: null, limit: 10 })).toHaveLength(
      1,
    );
    expect(trail.search({ beforeSeq: 3, limit: 10 }).map((r) => r.seq)).toEqual([2, 1]);
  });
});

describe('HMAC-SHA256 over one-shot hashes', () => {
  it.each([0, 1, 32, 64, 65, 200])('equals createHmac for a %i-byte key', async (length) => {
    const { createHmac } = await import('node:crypto');
    const someKey = randomBytes(length);
    for (const message of ['', 'a', 'chain\nrow ☃', 'x'.repeat(300)]) {
      expect(hmacSha256(someKey, message)).toBe(
        createHmac('sha256', someKey).update(message).digest('hex'),
      );
    }
  });
});
