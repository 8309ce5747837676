import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../main/core/sandbox';
import { pgSkipReason, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { startClaimCounter, type ClaimCounter, type SandboxAccess } from './claim-counter';
import { migratedStore } from './store-counter';

const skip = pgSkipReason();
if (skip !== null) console.warn(`store claims tests skipped: ${skip}`);

let cluster: PgCluster;
let databases = 0;
beforeAll(async () => {
  if (skip === null) cluster = await startPgCluster();
});
afterAll(() => cluster?.destroy());

let sandbox: Sandbox;
let storeUrl: string;
let started: ClaimCounter[] = [];
beforeEach(async () => {
  if (skip !== null) return;
  sandbox = await startSandbox();
  databases += 1;
  storeUrl = await cluster.createDatabase(`claims_${databases}`);
  await migratedStore(storeUrl);
});
afterEach(async () => {
  for (const counter of started) await counter.close();
  started = [];
  await sandbox?.close();
});

const access = (): SandboxAccess => ({
  url: sandbox.url,
  merchantPublicKey: sandbox.merchantPublicKey,
  apiPassword: sandbox.apiPassword,
});
const counter = async (id: string, settleMs?: number) => {
  const made = await startClaimCounter(storeUrl, id, access(), { settleMs });
  started.push(made);
  return made;
};
/** A sale of 100.00 SAR made at counter A (paid at the gateway; A's journal is not needed). */
const saleAtA = () => {
  const [orderId] = sandbox.faults.plantOrder({ amountMinor: 10_000, currency: 'SAR' });
  return { orderId: orderId ?? '', currency: 'SAR' as const };
};
const refundedAtGateway = (orderId: string) =>
  Math.round((sandbox.inspect.order(orderId)?.refundedAmount ?? 0) * 100);
const claims = async (orderId: string) => {
  const client = new pg.Client({ connectionString: storeUrl });
  await client.connect();
  try {
    const rows = await client.query<{ counter_id: string; state: string; amount: string }>(
      `SELECT counter_id, state, amount_minor AS amount FROM store_claims
       WHERE order_id = $1 ORDER BY claimed_at`,
      [orderId],
    );
    return rows.rows.map((row) => ({ ...row, amount: Number(row.amount) }));
  } finally {
    await client.end();
  }
};
const until = async (check: () => Promise<boolean> | boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.skipIf(skip !== null)("acting on another counter's payment", () => {
  it("refunds A's sale on B, with B's claim in the store", async () => {
    const sale = saleAtA();
    const b = await counter('B');
    expect(await b.refund(sale, 3_000)).toEqual({
      outcome: 'refunded',
      amountMinor: 3_000,
      refundedMinor: 3_000,
    });
    expect(await b.refund(sale, null)).toMatchObject({ outcome: 'refunded', amountMinor: 7_000 });
    expect(refundedAtGateway(sale.orderId)).toBe(10_000);
    expect(await claims(sale.orderId)).toEqual([
      { counter_id: 'B', state: 'done', amount: 3_000 },
      { counter_id: 'B', state: 'done', amount: 7_000 },
    ]);
    expect(await b.refund(sale, null)).toEqual({
      outcome: 'refused',
      code: 'refund-over-remaining',
      remainingMinor: 0,
    });
  });

  it('three counters refunding one order at once never exceed its amount', async () => {
    const whole = saleAtA();
    const part = saleAtA();
    const [b, c, d] = [await counter('B'), await counter('C'), await counter('D')];
    const all = await Promise.all([b, c, d].map((one) => one.refund(whole, null)));
    expect(all.filter((r) => r.outcome === 'refunded')).toHaveLength(1);
    expect(all.filter((r) => r.outcome === 'refused').map((r) => 'code' in r && r.code)).toEqual([
      'refund-over-remaining',
      'refund-over-remaining',
    ]);
    const forty = await Promise.all([b, c, d].map((one) => one.refund(part, 4_000)));
    expect(forty.filter((r) => r.outcome === 'refunded')).toHaveLength(2);
    expect(forty.find((r) => r.outcome === 'refused')).toMatchObject({ remainingMinor: 2_000 });
    expect(refundedAtGateway(whole.orderId)).toBe(10_000);
    expect(refundedAtGateway(part.orderId)).toBe(8_000);
  });

  it('lost answers: claims in doubt count against the order until they settle', async () => {
    const sale = saleAtA();
    const [b, c, d] = [
      await counter('B', 1_500),
      await counter('C', 1_500),
      await counter('D', 1_500),
    ];
    // Every refund runs at the gateway, and every answer is lost.
    sandbox.faults.failAfterCommit('refund', 3, 502);
    const all = await Promise.all([b, c, d].map((one) => one.refund(sale, 4_000)));
    const sent = all.filter((r) => r.outcome !== 'refused');
    expect(sent).toHaveLength(2);
    expect(all.find((r) => r.outcome === 'refused')).toMatchObject({
      code: 'refund-over-remaining',
      remainingMinor: 2_000,
    });
    // A lost answer settles at once only when no other claim could explain the gateway's
    // total: which of the two managed depends on timing; the rest stay in doubt.
    expect(sent.every((r) => r.outcome === 'in-doubt' || r.outcome === 'refunded')).toBe(true);
    const inDoubt = sent.filter((r) => r.outcome === 'in-doubt').length;
    expect(refundedAtGateway(sale.orderId)).toBe(8_000);
    // In doubt, they count on top of what the gateway shows (it may show them or not):
    // nothing more leaves until they settle.
    expect(await b.refund(sale, 2_001)).toMatchObject({
      outcome: 'refused',
      remainingMinor: inDoubt > 0 ? 0 : 2_000,
    });
    // Past their deadline, the next claim settles them from the gateway and refunds the rest.
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(await c.refund(sale, null)).toMatchObject({ outcome: 'refunded', amountMinor: 2_000 });
    expect(refundedAtGateway(sale.orderId)).toBe(10_000);
    expect((await claims(sale.orderId)).map((claim) => claim.state)).toEqual([
      'done',
      'done',
      'done',
    ]);
  });

  it('one lost answer alone is settled from Get order at once', async () => {
    const sale = saleAtA();
    const b = await counter('B');
    sandbox.faults.failAfterCommit('refund', 1, 502);
    expect(await b.refund(sale, 2_500)).toEqual({
      outcome: 'refunded',
      amountMinor: 2_500,
      refundedMinor: 2_500,
    });
    expect(await claims(sale.orderId)).toEqual([{ counter_id: 'B', state: 'done', amount: 2_500 }]);
  });

  it('a refund the gateway never received frees its amount only after the deadline', async () => {
    const sale = saleAtA();
    const b = await counter('B', 1_000);
    const c = await counter('C', 1_000);
    sandbox.faults.failNext('refund', 1, 504);
    expect(await b.refund(sale, 6_000)).toMatchObject({ outcome: 'in-doubt', amountMinor: 6_000 });
    expect(refundedAtGateway(sale.orderId)).toBe(0);
    expect(await c.refund(sale, 5_000)).toMatchObject({
      outcome: 'refused',
      remainingMinor: 4_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await c.refund(sale, null)).toMatchObject({ outcome: 'refunded', amountMinor: 10_000 });
    expect((await claims(sale.orderId)).map((claim) => claim.state)).toEqual(['not-done', 'done']);
  });

  it('kill -9 after refund-sent: the claim holds its amount, then settles from the gateway', async () => {
    const sale = saleAtA();
    sandbox.faults.failAfterCommit('refund', 1, 502);
    let child: ChildProcess | null = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        new URL('./claim-child.ts', import.meta.url).pathname,
        JSON.stringify({
          storeUrl,
          counterId: 'K',
          sandbox: access(),
          orderId: sale.orderId,
          amountMinor: 4_000,
          // Its first Get order would come long after the kill.
          retryDelaysMs: [30_000],
          settleMs: 1_500,
        }),
      ],
      { stdio: 'ignore' },
    );
    try {
      await until(() => refundedAtGateway(sale.orderId) === 4_000);
      child.kill('SIGKILL');
      await new Promise((resolve) => child?.once('exit', resolve));
      child = null;
      expect(await claims(sale.orderId)).toEqual([
        { counter_id: 'K', state: 'in-doubt', amount: 4_000 },
      ]);
      const [b, c, d] = [
        await counter('B', 1_500),
        await counter('C', 1_500),
        await counter('D', 1_500),
      ];
      const early = await Promise.all([b, c, d].map((one) => one.refund(sale, 6_000)));
      expect(early.every((r) => r.outcome === 'refused')).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1_600));
      const late = await Promise.all([b, c, d].map((one) => one.refund(sale, null)));
      expect(late.filter((r) => r.outcome === 'refunded')).toHaveLength(1);
      expect(refundedAtGateway(sale.orderId)).toBe(10_000);
      expect((await claims(sale.orderId))[0]).toMatchObject({ counter_id: 'K', state: 'done' });
    } finally {
      child?.kill('SIGKILL');
    }
  });

  it('offline, it is refused with a clear code and nothing reaches the gateway', async () => {
    const sale = saleAtA();
    const b = await counter('B');
    cluster.stop('immediate');
    try {
      expect(await b.refund(sale, 1_000)).toEqual({
        outcome: 'refused',
        code: 'store-offline-other-counter',
        remainingMinor: null,
      });
    } finally {
      cluster.start();
    }
    expect(refundedAtGateway(sale.orderId)).toBe(0);
  });
});

/**
 * Capture and release of another counter's hold through the same claims: one
 * action in doubt on a hold blocks every other, a hold is captured once and in full.
 */
describe.skipIf(skip !== null)("capturing and releasing another counter's hold", () => {
  /** A hold of 100.00 SAR taken at counter A (Authorized at the gateway). */
  const holdAtA = () => {
    const [orderId] = sandbox.faults.plantOrder({
      amountMinor: 10_000,
      currency: 'SAR',
      held: true,
    });
    return { orderId: orderId ?? '', currency: 'SAR' as const, amountMinor: 10_000 };
  };
  const atGateway = (orderId: string) => sandbox.inspect.order(orderId)?.detailedStatus;
  const holdClaims = async (orderId: string) =>
    (await claims(orderId)).map(({ counter_id, state }) => `${counter_id}:${state}`);

  it('three counters capturing one hold at once: one capture, in full; a release after it is refused', async () => {
    const hold = holdAtA();
    const [b, c, d] = [await counter('B'), await counter('C'), await counter('D')];
    const all = await Promise.all([b, c, d].map((one) => one.hold(hold, 'capture')));
    expect(all.filter((r) => r.outcome === 'captured')).toHaveLength(1);
    expect(all.filter((r) => r.outcome === 'refused')).toHaveLength(2);
    expect(sandbox.inspect.order(hold.orderId)).toMatchObject({
      detailedStatus: 'Captured',
      captureCount: 1,
    });
    expect(await b.hold(hold, 'release')).toEqual({ outcome: 'refused', code: 'hold-not-held' });
    expect(atGateway(hold.orderId)).toBe('Captured');
  });

  it('a release of A’s hold on B is done and recorded as B’s claim', async () => {
    const hold = holdAtA();
    const b = await counter('B');
    expect(await b.hold(hold, 'release')).toEqual({ outcome: 'released' });
    expect(atGateway(hold.orderId)).toBe('Voided');
    expect(await holdClaims(hold.orderId)).toEqual(['B:done']);
    expect(await b.hold(hold, 'capture')).toEqual({ outcome: 'refused', code: 'hold-not-held' });
  });

  it('a capture whose answer is lost blocks a release until it settles, then settles done from the gateway', async () => {
    const hold = holdAtA();
    const b = await counter('B', 1_000);
    const c = await counter('C', 1_000);
    // The capture happens at the gateway; its answer is lost and reads lag behind it, so B
    // cannot tell at once.
    sandbox.faults.orderReadLag(1_500);
    sandbox.faults.failAfterCommit('capture', 1, 502);
    expect(await b.hold(hold, 'capture')).toEqual({ outcome: 'in-doubt' });
    expect(atGateway(hold.orderId)).toBe('Captured');
    // A release now would give the taken money back: refused while the capture is in doubt.
    expect(await c.hold(hold, 'release')).toEqual({
      outcome: 'refused',
      code: 'store-hold-action-in-doubt',
    });
    expect(atGateway(hold.orderId)).toBe('Captured');
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    // Past the deadline the next action settles it from the order: captured, so done.
    expect(await c.hold(hold, 'release')).toEqual({ outcome: 'refused', code: 'hold-not-held' });
    expect(await holdClaims(hold.orderId)).toEqual(['B:done']);
    expect(sandbox.inspect.order(hold.orderId)?.captureCount).toBe(1);
  });

  it('a release the gateway never received frees the hold only after the deadline', async () => {
    const hold = holdAtA();
    const b = await counter('B', 1_000);
    const c = await counter('C', 1_000);
    sandbox.faults.failNext('refund', 1, 504);
    expect(await b.hold(hold, 'release')).toEqual({ outcome: 'in-doubt' });
    expect(await c.hold(hold, 'capture')).toEqual({
      outcome: 'refused',
      code: 'store-hold-action-in-doubt',
    });
    expect(atGateway(hold.orderId)).toBe('Authorized');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await c.hold(hold, 'capture')).toEqual({ outcome: 'captured' });
    expect(await holdClaims(hold.orderId)).toEqual(['B:not-done', 'C:done']);
  });

  it('offline, it is refused and nothing reaches the gateway', async () => {
    const hold = holdAtA();
    const b = await counter('B');
    cluster.stop('immediate');
    try {
      expect(await b.hold(hold, 'capture')).toEqual({
        outcome: 'refused',
        code: 'store-offline-other-counter',
      });
    } finally {
      cluster.start();
    }
    expect(atGateway(hold.orderId)).toBe('Authorized');
  });
});
