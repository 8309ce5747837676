import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/app/core-adapters';
import type { Sandbox } from '../../../main/core/sandbox';
import { pgSkipReason } from '../../support/pg-cluster';
import { valueOf as value } from '../../support/test-core';
import { until } from './store-core';
import { liveJournal, openTwoCounterShop, type TwoCounterShop } from './two-counter-shop';

/**
 * A counter takes another counter's refund, capture or release into its journal only once
 * the gateway shows it: a claim in the store is only a counter's word, and a counter holding
 * nothing but its own database role can write one marked done with any amount. Two whole
 * cores (A takes the payments, B acts on them through the app), one real PostgreSQL store,
 * one real sandbox both cores' live mode uses; the made-up claims are written by the
 * database's superuser, in the name of a third counter C.
 */
const skip = pgSkipReason();
if (skip !== null) console.warn(`store claims-confirmed tests skipped: ${skip}`);

let shop: TwoCounterShop;
let sandbox: Sandbox;
let a: Core;
let b: Core;
beforeAll(async () => {
  if (skip !== null) return;
  shop = await openTwoCounterShop('claims_confirmed');
  ({ sandbox, a, b } = shop);
  await shop.rows(`INSERT INTO counters (counter_id, name) VALUES ('C', 'Counter C')`);
}, 60_000);
afterAll(() => shop?.close());

const atGateway = (reference: string) =>
  sandbox.inspect.orders().find((o) => o.merchantReferenceId === reference);
const unconfirmedAt = (core: Core, attemptId: string) =>
  core.security.audit
    .search({ events: ['claim-unconfirmed'], beforeSeq: null, limit: 100 })
    .filter((row) => row.subject === attemptId);
/** Longer than two store rounds (every 2 s) and the reads they start. */
const someRounds = () => new Promise((resolve) => setTimeout(resolve, 5_000));

/**
 * What a hostile counter can write with its own role: a claim of its own, settled done, on
 * A's order, saying what it likes (a refunded total of `refundedAfterMinor`).
 */
async function madeUpClaim(
  attemptId: string,
  kind: 'refund-sent' | 'release-sent',
  refundedAfterMinor: number | null,
): Promise<string> {
  const [row] = await shop.rows(
    `INSERT INTO store_claims (claim_id, order_id, counter_id, kind, amount_minor, currency,
       baseline_minor, state, settle_after, settled_at, refunded_after_minor, operator_id)
     SELECT gen_random_uuid(), order_id, 'C', $2, coalesce($3, amount_minor), currency, 0,
       'done', now(), now(), $3, 'omar'
     FROM store_attempts WHERE attempt_id = $1
     RETURNING claim_id`,
    [attemptId, kind, refundedAfterMinor],
  );
  return String(row?.claim_id);
}

const refundLedger = (attemptId: string) =>
  shop.rows(
    `SELECT counter_id, amount_minor::int AS amount, operator_id, approver_id
     FROM store_ledger WHERE kind = 'refund' AND record_id = $1`,
    [attemptId],
  );

describe.skipIf(skip !== null)('another counter’s claims confirmed with the gateway', () => {
  it('a refund claimed done that the gateway does not show is not adopted, and is audited once; a real refund on the same sale is', async () => {
    const attemptId = await shop.saleAtA('CONF-1', '100.00');
    const claimId = await madeUpClaim(attemptId, 'refund-sent', 4_200);

    await until(() => unconfirmedAt(a, attemptId).length > 0);
    expect(unconfirmedAt(a, attemptId)[0]?.detail).toContain(claimId);
    expect(atGateway('CONF-1')?.refundedAmount ?? 0).toBe(0);
    expect(liveJournal(a).get(attemptId)).toMatchObject({ status: 'paid', refundedMinor: 0 });
    await someRounds();
    // Still nothing taken, and the audit trail has it once, not once a round.
    expect(liveJournal(a).get(attemptId)).toMatchObject({ status: 'paid', refundedMinor: 0 });
    expect(unconfirmedAt(a, attemptId)).toHaveLength(1);
    expect(await refundLedger(attemptId)).toEqual([]);
    expect(
      await shop.rows(
        `SELECT refunded_minor::int AS refunded FROM store_attempts
        WHERE attempt_id = $1`,
        [attemptId],
      ),
    ).toEqual([{ refunded: 0 }]);

    // B really refunds 30.00 through the app: the gateway shows it, so A takes it (the
    // made-up 42.00 above it neither hides it nor rides along with it).
    await value(b, 'sessionSignIn', { operatorId: 'sara', secret: '333333' });
    expect(await value(b, 'storeRefund', { attemptId, amount: '30.00' })).toMatchObject({
      outcome: 'refunded',
      amountMinor: 3_000,
    });
    await until(() => liveJournal(a).get(attemptId)?.refundedMinor === 3_000);
    expect(liveJournal(a).get(attemptId)?.status).toBe('partially-refunded');
    await until(async () => (await refundLedger(attemptId)).length === 1);
    expect(await refundLedger(attemptId)).toEqual([
      { counter_id: 'A', amount: 3_000, operator_id: 'sara', approver_id: null },
    ]);
    await someRounds();
    expect(liveJournal(a).get(attemptId)?.refundedMinor).toBe(3_000);
    expect(unconfirmedAt(a, attemptId)).toHaveLength(1);
  }, 60_000);

  it('a release claimed done is not adopted while the gateway shows the hold; a real release is', async () => {
    const held = await shop.saleAtA('CONF-2', '40.00', true);
    const released = await shop.saleAtA('CONF-3', '25.00', true);
    await madeUpClaim(held, 'release-sent', null);

    await until(() => unconfirmedAt(a, held).length > 0);
    expect(unconfirmedAt(a, held)[0]?.detail).toContain('gateway: held');
    expect(atGateway('CONF-2')?.detailedStatus).toBe('Authorized');
    await someRounds();
    expect(liveJournal(a).get(held)?.status).toBe('authorized');
    expect(unconfirmedAt(a, held)).toHaveLength(1);

    await value(b, 'sessionSignIn', { operatorId: 'sara', secret: '333333' });
    expect(await value(b, 'storeRelease', { attemptId: released })).toEqual({
      outcome: 'released',
      failure: null,
    });
    await until(() => liveJournal(a).get(released)?.status === 'released');
    expect(unconfirmedAt(a, released)).toEqual([]);
    expect(liveJournal(a).get(held)?.status).toBe('authorized');
  }, 60_000);

  it('while Training is selected nothing is adopted; back in live mode the refund is', async () => {
    const attemptId = await shop.saleAtA('CONF-4', '60.00');
    await value(a, 'settingsUpdate', { environment: 'training' });
    try {
      await value(b, 'sessionSignIn', { operatorId: 'sara', secret: '333333' });
      expect(await value(b, 'storeRefund', { attemptId, amount: '10.00' })).toMatchObject({
        outcome: 'refunded',
      });
      await someRounds();
      expect(liveJournal(a).get(attemptId)?.refundedMinor).toBe(0);
    } finally {
      await value(a, 'sessionSignIn', { operatorId: 'amal', secret: '111111' });
      await value(a, 'settingsUpdate', { environment: 'ksa' });
    }
    await until(() => liveJournal(a).get(attemptId)?.refundedMinor === 1_000);
  }, 60_000);
});
