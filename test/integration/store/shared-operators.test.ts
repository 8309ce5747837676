import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAuditTrail } from '../../../main/core/audit/audit-trail';
import { createSqliteAuditStore } from '../../../main/core/audit/sqlite-audit-store';
import {
  createOperatorAccounts,
  type OperatorAccounts,
} from '../../../main/core/operators/operator-accounts';
import { openSecurityDatabase } from '../../../main/core/operators/security-database';
import { createSqliteOperatorStore } from '../../../main/core/operators/sqlite-operator-store';
import { syncOperators } from '../../../main/core/store/operators/operator-sync';
import {
  poolOperatorTransport,
  storeOperatorAuthority,
} from '../../../main/core/store/operators/store-authority';
import { pgSkipReason, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { hostileStore, type HostileStore } from './hostile-store';
import { quietLogger } from './store-counter';

/**
 * Operators in store mode, through the real accounts (KDF, lockout, audit) and the store's
 * functions on a real cluster, each counter connected as its own role: the store checks and
 * counts every try and makes every change; a counter keeps a copy, and a secret only of
 * operators who signed in at it.
 */
const skip = pgSkipReason();
if (skip !== null) console.warn(`shared operators tests skipped: ${skip}`);

let cluster: PgCluster;
let databases = 0;
beforeAll(async () => {
  if (skip === null) cluster = await startPgCluster();
});
afterAll(() => cluster?.destroy());

interface Counter {
  id: string;
  db: DatabaseSync;
  accounts: OperatorAccounts;
  pool: pg.Pool;
  /** Signs an operator in here and keeps the store's token, as the session does. */
  signIn(operatorId: string, secret: string): Promise<void>;
  sync(): ReturnType<typeof syncOperators>;
}

let dirs: string[] = [];
let counters: Counter[] = [];
const clock = { now: () => Date.now() };

async function counter(store: HostileStore, id: string, inStore = true): Promise<Counter> {
  const dir = mkdtempSync(join(tmpdir(), `paydesk-operators-${id}-`));
  dirs.push(dir);
  const db = openSecurityDatabase(join(dir, 'security.sqlite'), clock.now());
  const audit = createAuditTrail({
    store: createSqliteAuditStore(db),
    key: randomBytes(32),
    clock,
  });
  const pool = new pg.Pool({
    connectionString: store.asCounter(id),
    max: 2,
    connectionTimeoutMillis: 2_000,
  });
  pool.on('error', () => undefined);
  const tokens = new Map<string, string>();
  const authority = storeOperatorAuthority({
    active: () => inStore,
    transport: () => poolOperatorTransport(pool, id),
    logger: quietLogger,
  });
  const accounts = createOperatorAccounts({
    store: createSqliteOperatorStore(db),
    audit,
    clock,
    authority: () => authority,
    tokenOf: (operatorId) => (operatorId === null ? null : (tokens.get(operatorId) ?? null)),
  });
  const made: Counter = {
    id,
    db,
    accounts,
    pool,
    async signIn(operatorId, secret) {
      const verified = await accounts.verify(operatorId, secret, 'sign-in');
      if (verified.token !== null) tokens.set(verified.record.operatorId, verified.token);
    },
    sync: () => syncOperators(pool, db, id),
  };
  counters.push(made);
  return made;
}

afterEach(async () => {
  for (const made of counters) {
    await made.pool.end();
    made.db.close();
  }
  counters = [];
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

const ADMIN_PIN = '905112';
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
const storeRow = (store: HostileStore, operatorId: string) =>
  store.owner(
    async (owner) =>
      (
        await owner.query(
          `SELECT failures, locked_until, secret_hash IS NOT NULL AS legacy,
             secret_crypt IS NOT NULL AS hashed_by_store, role, disabled
           FROM store_operators WHERE operator_key = $1`,
          [operatorId],
        )
      ).rows[0] as Record<string, unknown> | undefined,
  );

/** A store with a first admin made at A and signed in there, and a cashier `sara`. */
async function storeWithTeam() {
  const store = await hostileStore(cluster, `operators_${++databases}`, 'new');
  const [a, b] = [await counter(store, 'A'), await counter(store, 'B')];
  await a.accounts.create(
    { operatorId: 'hala', displayName: 'Hala', role: 'admin', secret: ADMIN_PIN },
    null,
  );
  await a.signIn('hala', ADMIN_PIN);
  await a.accounts.create(
    { operatorId: 'sara', displayName: 'Sara', role: 'cashier', secret: PIN },
    'hala',
  );
  return { store, a, b };
}

describe.skipIf(skip !== null)('operators in store mode', () => {
  it('an operator made at one counter signs in at another, checked by the store', async () => {
    const { store, a, b } = await storeWithTeam();
    expect(await b.sync()).toMatchObject({ pulled: 2 });
    // B holds no secret of Sara's until she signs in there with the store online.
    expect(b.accounts.get('sara')?.secretHash).toBe('');
    expect(await b.accounts.check('SARA', PIN, 'sign-in')).toMatchObject({
      operatorId: 'sara',
      role: 'cashier',
    });
    expect(b.accounts.get('sara')?.secretHash).toMatch(/^scrypt\$/);
    expect(await storeRow(store, 'sara')).toMatchObject({ legacy: false, hashed_by_store: true });
    // A role change at A (the admin signed in there) reaches B.
    await a.accounts.change('sara', { role: 'supervisor' }, 'hala');
    await b.sync();
    expect(b.accounts.get('sara')).toMatchObject({ role: 'supervisor', displayName: 'Sara' });
    // Nobody changes an account without an admin signed in at that counter.
    await expect(b.accounts.change('sara', { role: 'admin' }, 'hala')).rejects.toMatchObject({
      code: 'signed-out',
    });
    await b.signIn('sara', PIN);
    await expect(b.accounts.change('sara', { role: 'admin' }, 'sara')).rejects.toMatchObject({
      code: 'forbidden',
    });
    // The store keeps the last admin.
    await expect(a.accounts.change('hala', { role: 'cashier' }, 'hala')).rejects.toMatchObject({
      code: 'last-admin',
    });
    expect(await storeRow(store, 'sara')).toMatchObject({ role: 'supervisor' });
  });

  it('tries at every counter count against one lockout, and only an admin unlocks', async () => {
    const { store, a, b } = await storeWithTeam();
    await b.sync();
    await wrongTries(a, 'sara', 2);
    await wrongTries(b, 'sara', 3);
    expect(await storeRow(store, 'sara')).toMatchObject({ failures: 5 });
    await expect(b.accounts.check('sara', PIN, 'sign-in')).rejects.toMatchObject({
      code: 'operator-locked-out',
    });
    await expect(a.accounts.check('sara', PIN, 'approval')).rejects.toMatchObject({
      code: 'operator-locked-out',
    });
    await a.accounts.unlock('sara', { operatorId: 'hala', role: 'admin' });
    expect(await b.accounts.check('sara', PIN, 'sign-in')).toMatchObject({ operatorId: 'sara' });

    // Forty tries at once from two counters: one lock for all, never a sign-in past it.
    const typed = Array.from({ length: 40 }, (_, i) => (i === 25 ? PIN : '000000'));
    const outcomes = await Promise.all(
      typed.map((secret, i) =>
        (i % 2 === 0 ? a : b).accounts.check('sara', secret, 'sign-in').then(
          () => 'ok',
          (error: { code?: string }) => error.code ?? 'error',
        ),
      ),
    );
    const signedIn = outcomes.filter((o) => o === 'ok').length;
    const wrong = outcomes.filter((o) => o === 'sign-in-failed').length;
    expect(signedIn).toBeLessThanOrEqual(1);
    expect(wrong).toBeLessThanOrEqual(signedIn === 0 ? 4 : 8);
    expect(outcomes.filter((o) => o === 'operator-locked-out').length).toBe(40 - wrong - signedIn);
    expect(await storeRow(store, 'sara')).toMatchObject({ failures: 5 });
  }, 60_000);

  it('offline: signs in only operators who signed in here; tries counted here merge back', async () => {
    const { store, a, b } = await storeWithTeam();
    await b.sync();
    await b.signIn('sara', PIN);
    await offline(async () => {
      // Hala never signed in at B: B holds nothing to check her with.
      await expect(b.accounts.check('hala', ADMIN_PIN, 'sign-in')).rejects.toMatchObject({
        code: 'operator-first-sign-in-needs-store',
      });
      expect(await b.accounts.check('sara', PIN, 'sign-in')).toMatchObject({ operatorId: 'sara' });
      await wrongTries(b, 'sara', 3);
      expect(b.accounts.get('sara')).toMatchObject({ failures: 3, lockedUntil: null });
      // Changes need the store.
      await expect(b.accounts.change('sara', { displayName: 'S' }, 'sara')).rejects.toMatchObject({
        code: 'operators-need-store',
      });
    });
    // Back online: two more wrong at A, then B's round reports its three.
    await wrongTries(a, 'sara', 2);
    expect(await storeRow(store, 'sara')).toMatchObject({ failures: 2 });
    await b.sync();
    expect(await storeRow(store, 'sara')).toMatchObject({ failures: 5 });
    for (const at of [a, b]) {
      await expect(at.accounts.check('sara', PIN, 'sign-in')).rejects.toMatchObject({
        code: 'operator-locked-out',
      });
    }
    await b.sync();
    expect(b.accounts.get('sara')?.lockedUntil).not.toBeNull();
  }, 60_000);

  it('a new PIN or a switch-off at one counter holds at another, offline too', async () => {
    const { a, b } = await storeWithTeam();
    await a.accounts.create(
      { operatorId: 'nour', displayName: 'Nour', role: 'cashier', secret: PIN },
      'hala',
    );
    await b.sync();
    await b.signIn('sara', PIN);
    await b.signIn('nour', PIN);
    await a.accounts.change('sara', { secret: '777111' }, 'hala');
    await a.accounts.change('nour', { disabled: true }, 'hala');
    await b.sync();
    expect(b.accounts.get('sara')?.secretHash).toBe('');
    await offline(async () => {
      await expect(b.accounts.check('sara', PIN, 'sign-in')).rejects.toMatchObject({
        code: 'operator-first-sign-in-needs-store',
      });
      await expect(b.accounts.check('nour', PIN, 'sign-in')).rejects.toMatchObject({
        code: 'operator-disabled',
      });
    });
    expect(await b.accounts.check('sara', '777111', 'sign-in')).toMatchObject({
      operatorId: 'sara',
    });
  }, 60_000);

  it('the first counter brings its operators; each signs in once by its old hash', async () => {
    const store = await hostileStore(cluster, `operators_${++databases}`, 'new', ['A', 'B', 'C']);
    // A had operators before it joined (made with no store), B joins after.
    const before = await counter(store, 'A', false);
    await before.accounts.create(
      { operatorId: 'amal', displayName: 'Amal', role: 'admin', secret: ADMIN_PIN },
      null,
    );
    expect(await before.sync()).toMatchObject({ pushed: 1 });
    expect(await storeRow(store, 'amal')).toMatchObject({ legacy: true, hashed_by_store: false });
    const b = await counter(store, 'B');
    await b.sync();
    await expect(b.accounts.check('amal', '111111', 'sign-in')).rejects.toMatchObject({
      code: 'sign-in-failed',
    });
    expect(await storeRow(store, 'amal')).toMatchObject({ failures: 1, legacy: true });
    expect(await b.accounts.check('amal', ADMIN_PIN, 'sign-in')).toMatchObject({
      operatorId: 'amal',
      role: 'admin',
    });
    // The store now keeps its own hash, and the old one is gone.
    expect(await storeRow(store, 'amal')).toMatchObject({
      failures: 0,
      legacy: false,
      hashed_by_store: true,
    });
    // A second counter's own operators do not join a store that has some: switched off there.
    const late = await counter(store, 'C', false);
    await late.accounts.create(
      { operatorId: 'zaid', displayName: 'Zaid', role: 'admin', secret: ADMIN_PIN },
      null,
    );
    await expect(late.sync()).resolves.toMatchObject({ pushed: 0 });
    expect(late.accounts.get('zaid')?.disabled).toBe(true);
    expect(await storeRow(store, 'zaid')).toBeUndefined();
  }, 60_000);
});
