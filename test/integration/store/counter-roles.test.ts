import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimRefund } from '../../../main/core/store/claims/order-claims';
import { claimHoldAction } from '../../../main/core/store/claims/hold-claims';
import { registerCounter } from '../../../main/core/store/counters';
import { createCounterRole } from '../../../main/core/store/security/counter-roles';
import { runStoreCli } from '../../../main/core/store/store-cli';
import { pgSkipReason, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { journalSale, migratedStore, startCounter, type StoreCounter } from './store-counter';

const skip = pgSkipReason();
if (skip !== null) console.warn(`store role tests skipped: ${skip}`);

let cluster: PgCluster;
let ownerUrl: string;
let counterA: StoreCounter;
let saleAtA: string;
beforeAll(async () => {
  if (skip !== null) return;
  cluster = await startPgCluster();
  ownerUrl = await cluster.createDatabase('roles');
  await migratedStore(ownerUrl);
  // IT registers both counters and creates their roles (the CLI for B).
  const owner = new pg.Pool({ connectionString: ownerUrl, max: 1 });
  await registerCounter(owner, { counterId: 'A', name: 'Front' });
  await createCounterRole(owner, 'A', 'secret-a');
  await owner.end();
  process.env.PAYDESK_COUNTER_PASSWORD = 'secret-b';
  const said: string[] = [];
  try {
    await runStoreCli(['add-counter', '--id', 'B', '--name', 'Back', '--url', ownerUrl], (l) =>
      said.push(l),
    );
  } finally {
    delete process.env.PAYDESK_COUNTER_PASSWORD;
  }
  expect(said.join('\n')).toMatch(/connects as role paydesk_counter_B/);
  // A replicates through its own role, as the app does.
  counterA = await startCounter(asCounter('A'), 'A');
  saleAtA = journalSale(counterA.journal);
  await until(async () => (await ownerRows('A')) === 1);
});
afterAll(async () => {
  await counterA?.close();
  cluster?.destroy();
});

/** The store database as a counter's own role (the test server trusts loopback logins). */
const asCounter = (id: string) => ownerUrl.replace('postgres@', `paydesk_counter_${id}@`);
const ownerRows = async (counterId: string) => {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const found = await client.query(
      'SELECT 1 FROM store_attempts WHERE counter_id = $1 AND status = $2',
      [counterId, 'paid'],
    );
    return found.rowCount;
  } finally {
    await client.end();
  }
};
const until = async (check: () => Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
async function asB<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: asCounter('B') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(skip !== null)('a role per counter, row-level security', () => {
  it("refuses a counter writing another counter's rows, and lets it read them", async () => {
    await asB(async (b) => {
      // B reads A's sale (the All counters view)...
      const read = await b.query('SELECT attempt_id FROM store_attempts WHERE counter_id = $1', [
        'A',
      ]);
      expect(read.rows).toEqual([{ attempt_id: saleAtA }]);
      // ...but cannot change it: counters write only through the store's functions.
      await expect(
        b.query("UPDATE store_attempts SET status = 'refunded' WHERE attempt_id = $1", [saleAtA]),
      ).rejects.toThrow(/permission denied/);
      // Nor write a row under A's name, nor take A's attempt over by its id.
      await expect(
        b.query(
          `INSERT INTO store_events (counter_id, event_id, attempt_id, at, step, outcome)
           VALUES ('A', 999, $1, 0, 'refund', 'ok')`,
          [saleAtA],
        ),
      ).rejects.toThrow(/permission denied/);
      await expect(
        b.query(`SELECT paydesk_push('A', 'event', $1)`, [
          JSON.stringify([
            { event_id: 999, attempt_id: saleAtA, at: 0, step: 'refund', outcome: 'ok' },
          ]),
        ]),
      ).rejects.toThrow(/acts only as itself/);
      await expect(
        b.query(
          `INSERT INTO store_claims (claim_id, order_id, counter_id, kind, amount_minor, currency,
             baseline_minor, settle_after)
           VALUES (gen_random_uuid(), 'o-1', 'A', 'refund-sent', 100, 'SAR', 0, now())`,
        ),
      ).rejects.toThrow(/permission denied/);
      await expect(
        b.query("UPDATE counters SET name = 'Hijacked' WHERE counter_id = 'A'"),
      ).rejects.toThrow(/permission denied/);
      await expect(b.query("SELECT paydesk_register_counter('A', 'Hijacked')")).rejects.toThrow(
        /acts only as itself/,
      );
      // Links, shifts and Z reports likewise (store steps 7 and 13): A sends its shift through
      // the store, B reads it but cannot close it nor write one under A's name.
      const a = new pg.Client({ connectionString: asCounter('A') });
      await a.connect();
      try {
        await a.query(`SELECT paydesk_push('A', 'shift', $1)`, [
          JSON.stringify([{ shift_id: 77, version: 1, opened_at: 0, opened_after_entry: 0 }]),
        ]);
      } finally {
        await a.end();
      }
      const shifts = await b.query('SELECT counter_id FROM store_shifts WHERE shift_id = 77');
      expect(shifts.rows).toEqual([{ counter_id: 'A' }]);
      await expect(
        b.query('UPDATE store_shifts SET closed_at = 1 WHERE shift_id = 77'),
      ).rejects.toThrow(/permission denied/);
      // The same shift id from B is B's own shift: A's stays open.
      await b.query(`SELECT paydesk_push('B', 'shift', $1)`, [
        JSON.stringify([
          { shift_id: 77, version: 2, opened_at: 0, opened_after_entry: 0, closed_at: 1 },
        ]),
      ]);
      const afterB = await b.query<{ counter_id: string; closed_at: string | null }>(
        'SELECT counter_id, closed_at FROM store_shifts WHERE shift_id = 77 ORDER BY counter_id',
      );
      expect(afterB.rows).toEqual([
        { counter_id: 'A', closed_at: null },
        { counter_id: 'B', closed_at: '1' },
      ]);
      await expect(
        b.query(
          `INSERT INTO store_z_reports (counter_id, z_number, shift_id, closed_at, through_entry,
             report) VALUES ('A', 1, 77, 0, 0, '{}')`,
        ),
      ).rejects.toThrow(/permission denied/);
    });
    expect(await ownerRows('A')).toBe(1);
  });

  it('a counter claims through the store, in its own name only', async () => {
    const b = new pg.Pool({ connectionString: asCounter('B'), max: 1 });
    try {
      const order = {
        orderId: 'order-of-A',
        currency: 'SAR',
        capturedMinor: 5_000,
        refundedMinor: 0,
      };
      expect(
        await claimRefund(b, { counterId: 'B', order, amountMinor: 1_000, settleMs: 0 }),
      ).toMatchObject({ ok: true });
      // B's claim is past its deadline: A settles it (a write to B's row, through the store's
      // function) and claims what is left.
      const a = new pg.Pool({ connectionString: asCounter('A'), max: 1 });
      try {
        expect(
          await claimRefund(a, {
            counterId: 'A',
            order: { ...order, refundedMinor: 1_000 },
            amountMinor: null,
            settleMs: 60_000,
          }),
        ).toMatchObject({ ok: true, amountMinor: 4_000 });
        // A claim in B's name from A's role is refused.
        await expect(
          claimRefund(a, {
            counterId: 'B',
            order: { ...order, orderId: 'another-order' },
            amountMinor: 1,
            settleMs: 0,
          }),
        ).rejects.toThrow(/acts only as itself/);
      } finally {
        await a.end();
      }
      // Claims on a hold (store step 9): B's capture, past its deadline, is settled by A's
      // next action through the store's function, from what A read at the gateway.
      const hold = { orderId: 'hold-of-A', currency: 'SAR', amountMinor: 5_000 };
      const holdRequest = { order: hold, kind: 'capture-sent' as const, settleMs: 0 };
      expect(
        await claimHoldAction(b, { ...holdRequest, counterId: 'B', standing: 'held' }),
      ).toMatchObject({ ok: true });
      const a2 = new pg.Pool({ connectionString: asCounter('A'), max: 1 });
      try {
        expect(
          await claimHoldAction(a2, {
            ...holdRequest,
            kind: 'release-sent',
            counterId: 'A',
            standing: 'captured',
          }),
        ).toEqual({ ok: false, reason: 'not-held' });
      } finally {
        await a2.end();
      }
      const settled = await b.query<{ state: string }>(
        `SELECT state FROM store_claims WHERE order_id = 'hold-of-A'`,
      );
      expect(settled.rows).toEqual([{ state: 'done' }]);
    } finally {
      await b.end();
    }
  });
});
