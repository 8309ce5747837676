import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuditTrail } from '../../../main/core/audit/audit-trail';
import { createSqliteAuditStore } from '../../../main/core/audit/sqlite-audit-store';
import {
  createOperatorAccounts,
  type OperatorAccounts,
} from '../../../main/core/operators/operator-accounts';
import { openSecurityDatabase } from '../../../main/core/operators/security-database';
import { createSqliteOperatorStore } from '../../../main/core/operators/sqlite-operator-store';
import { registerCounter } from '../../../main/core/store/counters';
import { syncOperators } from '../../../main/core/store/operators/operator-sync';
import { pgSkipReason, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { migratedStore } from './store-counter';

const skip = pgSkipReason();
if (skip !== null) console.warn(`shared operators tests skipped: ${skip}`);

let cluster: PgCluster;
let databases = 0;
beforeAll(async () => {
  if (skip === null) cluster = await startPgCluster();
});
afterAll(() => cluster?.destroy());

/** One counter's security.sqlite, its accounts (the real KDF and lockout) and its store pool. */
interface Counter {
  id: string;
  db: DatabaseSync;
  accounts: OperatorAccounts;
  pool: pg.Pool;
  sync(): ReturnType<typeof syncOperators>;
}

let storeUrl: string;
let dirs: string[] = [];
let counters: Counter[] = [];
const clock = { now: () => Date.now() };

async function counter(id: string): Promise<Counter> {
  const dir = mkdtempSync(join(tmpdir(), `paydesk-operators-${id}-`));
  dirs.push(dir);
  const db = openSecurityDatabase(join(dir, 'security.sqlite'), clock.now());
  const audit = createAuditTrail({
    store: createSqliteAuditStore(db),
    key: randomBytes(32),
    clock,
  });
  const accounts = createOperatorAccounts({ store: createSqliteOperatorStore(db), audit, clock });
  const pool = new pg.Pool({ connectionString: storeUrl, max: 2, connectionTimeoutMillis: 2_000 });
  pool.on('error', () => undefined);
  await registerCounter(pool, { counterId: id, name: `Counter ${id}` });
  const made = { id, db, accounts, pool, sync: () => syncOperators(pool, db, id, clock.now()) };
  counters.push(made);
  return made;
}

beforeEach(async () => {
  if (skip !== null) return;
  databases += 1;
  storeUrl = await cluster.createDatabase(`operators_${databases}`);
  await migratedStore(storeUrl);
});
afterEach(async () => {
  for (const made of counters) {
    await made.pool.end();
    made.db.close();
  }
  counters = [];
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

const PIN = '482915';
const wrongTries = async (at: Counter, operatorId: string, count: number) => {
  for (let i = 0; i < count; i += 1) {
    await expect(at.accounts.check(operatorId, '000000', 'sign-in')).rejects.toBeTruthy();
  }
};
const offline = async (work: () => Promise<void>) => {
  cluster.stop('immediate');
  try {
    await work();
  } finally {
    cluster.start();
  }
};

describe.skipIf(skip !== null)('shared operators', () => {
  it('an operator created at one counter signs in at another', async () => {
    const [a, b] = [await counter('A'), await counter('B')];
    await a.accounts.create(
      { operatorId: 'sara', displayName: 'Sara', role: 'supervisor', secret: PIN },
      null,
    );
    expect(await a.sync()).toMatchObject({ pushed: 1 });
    expect(await b.sync()).toMatchObject({ pulled: 1 });
    expect(await b.accounts.check('SARA', PIN, 'sign-in')).toMatchObject({
      operatorId: 'sara',
      role: 'supervisor',
    });
    // A change at B (new role) reaches A; nothing else moves.
    await b.accounts.change('sara', { role: 'cashier' }, null);
    await b.sync();
    await a.sync();
    expect(a.accounts.get('sara')).toMatchObject({ role: 'cashier', displayName: 'Sara' });
  });

  it('a lockout at one counter applies at every counter', async () => {
    const [a, b] = [await counter('A'), await counter('B')];
    await a.accounts.create(
      { operatorId: 'omar', displayName: 'Omar', role: 'cashier', secret: PIN },
      null,
    );
    await a.sync();
    await b.sync();
    await wrongTries(a, 'omar', 5);
    await a.sync();
    await b.sync();
    await expect(b.accounts.check('omar', PIN, 'sign-in')).rejects.toMatchObject({
      code: 'operator-locked-out',
    });
    // An admin's unlock at B reaches A.
    b.accounts.unlock('omar', null);
    await b.sync();
    await a.sync();
    expect(await a.accounts.check('omar', PIN, 'sign-in')).toMatchObject({ operatorId: 'omar' });
  });

  it('offline: signs in from the last synced hashes; tries counted on each counter merge', async () => {
    const [a, b] = [await counter('A'), await counter('B')];
    await a.accounts.create(
      { operatorId: 'lina', displayName: 'Lina', role: 'cashier', secret: PIN },
      null,
    );
    await a.sync();
    await b.sync();
    await offline(async () => {
      await expect(b.sync()).rejects.toThrow();
      expect(await b.accounts.check('lina', PIN, 'sign-in')).toMatchObject({ operatorId: 'lina' });
      await wrongTries(b, 'lina', 3);
      await wrongTries(a, 'lina', 2);
      // Neither counter alone reached five.
      expect(b.accounts.get('lina')).toMatchObject({ failures: 3, lockedUntil: null });
      expect(a.accounts.get('lina')).toMatchObject({ failures: 2, lockedUntil: null });
    });
    await a.sync();
    await b.sync();
    await a.sync();
    for (const at of [a, b]) {
      expect(at.accounts.get('lina')?.failures).toBe(5);
      await expect(at.accounts.check('lina', PIN, 'sign-in')).rejects.toMatchObject({
        code: 'operator-locked-out',
      });
    }
  });

  it('a disabled operator stays disabled offline once synced', async () => {
    const [a, b] = [await counter('A'), await counter('B')];
    await a.accounts.create(
      { operatorId: 'admin1', displayName: 'Admin', role: 'admin', secret: PIN },
      null,
    );
    await a.accounts.create(
      { operatorId: 'nour', displayName: 'Nour', role: 'cashier', secret: PIN },
      null,
    );
    await a.sync();
    await b.sync();
    await a.accounts.change('nour', { disabled: true }, 'admin1');
    await a.sync();
    await b.sync();
    await offline(async () => {
      await expect(b.accounts.check('nour', PIN, 'sign-in')).rejects.toMatchObject({
        code: 'operator-disabled',
      });
    });
  });
});
