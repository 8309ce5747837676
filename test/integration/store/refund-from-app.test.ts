import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/app/core-adapters';
import type { Sandbox } from '../../../main/core/sandbox';
import { pgSkipReason, type PgCluster } from '../../support/pg-cluster';
import { codeOf, valueOf as value } from '../../support/test-core';
import { until } from './store-core';
import { liveJournal, openTwoCounterShop, type TwoCounterShop } from './two-counter-shop';

/**
 * Across counters, from the app: counter B refunds counter A's live sale through the IPC channel
 * (`storeRefund`), as a cashier with a supervisor's approval; both cores, the store, the
 * gateway and A's journal are real (one PostgreSQL cluster, one sandbox both cores' live mode
 * uses). A takes the refund into its journal, so its ledger and the store count it once.
 */
const skip = pgSkipReason();
if (skip !== null) console.warn(`store refund-from-app tests skipped: ${skip}`);

let shop: TwoCounterShop;
let cluster: PgCluster;
let sandbox: Sandbox;
let a: Core;
let b: Core;
beforeAll(async () => {
  if (skip !== null) return;
  shop = await openTwoCounterShop('claims_app');
  ({ cluster, sandbox, a, b } = shop);
}, 60_000);
afterAll(() => shop?.close());

const refundedAtGateway = (reference: string) => {
  const order = sandbox.inspect.orders().find((o) => o.merchantReferenceId === reference);
  return Math.round((order?.refundedAmount ?? 0) * 100);
};

describe.skipIf(skip !== null)("refunding another counter's payment from the app", () => {
  it('a cashier at B refunds part of A’s sale with a supervisor’s approval; A’s journal, ledger and the store count it once', async () => {
    const attemptId = await shop.saleAtA('APP-1', '100.00');
    await value(b, 'sessionSignIn', { operatorId: 'omar', secret: '222222' });
    // The approval rules read the amount from the store: a cashier needs a supervisor.
    expect(await codeOf(b, 'storeRefund', { attemptId, amount: '30.00' })).toBe(
      'approval-required',
    );
    expect(refundedAtGateway('APP-1')).toBe(0);
    const answer = await value(b, 'storeRefund', {
      attemptId,
      amount: '30.00',
      approver: { operatorId: 'sara', secret: '333333' },
    });
    expect(answer).toEqual({ outcome: 'refunded', amountMinor: 3_000, failure: null });
    expect(refundedAtGateway('APP-1')).toBe(3_000);
    expect(
      await shop.rows(
        `SELECT counter_id, state, amount_minor::int AS amount, operator_id, approver_id
         FROM store_claims`,
        [],
      ),
    ).toEqual([
      {
        counter_id: 'B',
        state: 'done',
        amount: 3_000,
        operator_id: 'omar',
        approver_id: 'sara',
      },
    ]);

    // A takes it into its journal: its ledger counts the refund under who gave it, once.
    await until(() => liveJournal(a).get(attemptId)?.refundedMinor === 3_000);
    expect(liveJournal(a).get(attemptId)?.status).toBe('partially-refunded');
    await until(
      async () =>
        (
          await shop.rows(
            `SELECT 1 FROM store_attempts WHERE attempt_id = $1 AND status = 'partially-refunded'`,
            [attemptId],
          )
        ).length === 1,
    );
    expect(
      await shop.rows(
        `SELECT counter_id, amount_minor::int AS amount, operator_id, approver_id
         FROM store_ledger WHERE kind = 'refund'`,
        [],
      ),
    ).toEqual([{ counter_id: 'A', amount: 3_000, operator_id: 'omar', approver_id: 'sara' }]);
    // Both counters' All counters views show it.
    for (const core of [a, b]) {
      await value(core, 'sessionSignIn', { operatorId: 'sara', secret: '333333' });
      const page = await value(core, 'storeHistory', { filters: {}, cursor: null, limit: 20 });
      expect(page.rows.find((row) => row.attemptId === attemptId)).toMatchObject({
        status: 'partially-refunded',
        refundedMinor: 3_000,
      });
    }

    // More than is left is refused before anything is sent; the rest goes through.
    expect(await codeOf(b, 'storeRefund', { attemptId, amount: '70.01' })).toBe(
      'refund-over-remaining',
    );
    expect(await value(b, 'storeRefund', { attemptId })).toMatchObject({
      outcome: 'refunded',
      amountMinor: 7_000,
    });
    expect(refundedAtGateway('APP-1')).toBe(10_000);
    await until(() => liveJournal(a).get(attemptId)?.status === 'refunded');
    // Refused either way: before the store has A's new state the claim refuses it (nothing
    // left to refund), after it the store row does (refunded in full). Which one depends on
    // how soon A's sync lands.
    expect(['refund-over-remaining', 'attempt-not-refundable']).toContain(
      await codeOf(b, 'storeRefund', { attemptId }),
    );
    await until(async () => (await b.store.payment(attemptId))?.status === 'refunded');
    expect(await codeOf(b, 'storeRefund', { attemptId })).toBe('attempt-not-refundable');
    // A counter refunds its own payments from its own History, not through the store.
    expect(await codeOf(a, 'storeRefund', { attemptId })).toBe('store-own-payment');
  }, 60_000);

  it('a lost answer is in doubt and holds its amount; offline and Training are refused, nothing sent', async () => {
    const attemptId = await shop.saleAtA('APP-2', '50.00');
    await value(b, 'sessionSignIn', { operatorId: 'sara', secret: '333333' });
    sandbox.faults.failNext('refund', 1, 504);
    const lost = await value(b, 'storeRefund', { attemptId, amount: '20.00' });
    expect(lost).toMatchObject({
      outcome: 'in-doubt',
      amountMinor: 2_000,
      failure: { code: 'refund-outcome-unknown' },
    });
    // The claim in doubt counts against the order until its deadline (17 minutes).
    expect(await codeOf(b, 'storeRefund', { attemptId, amount: '30.01' })).toBe(
      'refund-over-remaining',
    );
    expect(refundedAtGateway('APP-2')).toBe(0);

    cluster.stop('immediate');
    try {
      expect(await codeOf(b, 'storeRefund', { attemptId, amount: '1.00' })).toBe(
        'store-offline-other-counter',
      );
    } finally {
      cluster.start();
    }
    await value(b, 'sessionSignIn', { operatorId: 'amal', secret: '111111' });
    await value(b, 'settingsUpdate', { environment: 'training' });
    await value(b, 'sessionSignIn', { operatorId: 'sara', secret: '333333' });
    expect(await codeOf(b, 'storeRefund', { attemptId, amount: '1.00' })).toBe(
      'store-training-selected',
    );
    expect(refundedAtGateway('APP-2')).toBe(0);
    await value(b, 'sessionSignIn', { operatorId: 'amal', secret: '111111' });
    await value(b, 'settingsUpdate', { environment: 'ksa' });
  }, 60_000);

  it('B captures one of A’s holds and releases another; A’s journal and ledger take both', async () => {
    const captured = await shop.saleAtA('APP-3', '80.00', true);
    const released = await shop.saleAtA('APP-4', '40.00', true);
    await value(b, 'sessionSignIn', { operatorId: 'omar', secret: '222222' });
    expect(await codeOf(b, 'storeCapture', { attemptId: captured })).toBe('approval-required');
    const approver = { operatorId: 'sara', secret: '333333' };
    expect(await value(b, 'storeCapture', { attemptId: captured, approver })).toEqual({
      outcome: 'captured',
      failure: null,
    });
    expect(await value(b, 'storeRelease', { attemptId: released, approver })).toEqual({
      outcome: 'released',
      failure: null,
    });
    const atGateway = (reference: string) =>
      sandbox.inspect.orders().find((o) => o.merchantReferenceId === reference);
    expect(atGateway('APP-3')).toMatchObject({ detailedStatus: 'Captured', captureCount: 1 });
    expect(atGateway('APP-4')?.detailedStatus).toBe('Voided');

    await until(
      () =>
        liveJournal(a).get(captured)?.status === 'paid' &&
        liveJournal(a).get(released)?.status === 'released',
    );
    await until(
      async () =>
        (
          await shop.rows(
            `SELECT 1 FROM store_ledger WHERE kind IN ('capture', 'release') AND counter_id = 'A'`,
            [],
          )
        ).length === 2,
    );
    expect(
      await shop.rows(
        `SELECT kind, amount_minor::int AS amount, operator_id, approver_id FROM store_ledger
         WHERE kind IN ('capture', 'release') ORDER BY kind`,
        [],
      ),
    ).toEqual([
      { kind: 'capture', amount: 8_000, operator_id: 'omar', approver_id: 'sara' },
      { kind: 'release', amount: 4_000, operator_id: 'omar', approver_id: 'sara' },
    ]);
    await until(async () => (await b.store.payment(captured))?.status === 'paid');
    expect(await codeOf(b, 'storeCapture', { attemptId: captured, approver })).toBe(
      'hold-not-held',
    );
  }, 60_000);
});
