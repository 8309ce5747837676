import { DatabaseSync } from 'node:sqlite';
import { request } from 'undici';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AttemptResult } from '../../../shared/ipc';
import { usePaymentHarness, type PaymentHarness } from './fixtures/payment-harness';

const FRICTIONLESS = '5123456789012346';
const SETTLE_WINDOW_MS = 17 * 60_000;

let h: PaymentHarness;
let paid: AttemptResult;
usePaymentHarness((started) => (h = started));
beforeEach(async () => {
  paid = await h.pay(h.sale(FRICTIONLESS, { amount: '100.00' }));
  expect(paid.outcome).toBe('paid');
});

const sandboxOrder = () => h.sandbox.inspect.order(paid.order?.orderId ?? '');
const refusedCode = async (attemptId: string, amount?: string) => {
  const result = await h.service.refund(attemptId, amount);
  return result.ok ? null : result.error.code;
};
const nextSettled = () => new Promise<AttemptResult>((resolve) => h.service.onSettled(resolve));

/** A refund made outside Paydesk (the merchant portal), straight at the gateway. */
async function refundElsewhere(amount: number): Promise<void> {
  const basic = Buffer.from(`${h.sandbox.merchantPublicKey}:${h.sandbox.apiPassword}`).toString(
    'base64',
  );
  const response = await request(`${h.sandbox.url}/pgw/api/v1/direct/refund`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
    body: JSON.stringify({ orderId: paid.order?.orderId, refundAmount: amount }),
  });
  expect(((await response.body.json()) as { responseCode: string }).responseCode).toBe('000');
}

describe('refunds', () => {
  it('partial, then the rest: partially-refunded, then refunded', async () => {
    const partial = await h.refund(paid.attemptId, '30.00');
    expect(partial).toMatchObject({
      outcome: 'refunded',
      failure: null,
      detail: { row: { status: 'partially-refunded', refundedMinor: 3000 } },
    });
    expect(sandboxOrder()?.refundedAmount).toBe(30);
    const rest = await h.refund(paid.attemptId);
    expect(rest).toMatchObject({
      outcome: 'refunded',
      detail: { row: { status: 'refunded', refundedMinor: 10000 } },
    });
    expect(sandboxOrder()?.refundedAmount).toBe(100);
    expect(
      rest.detail?.events.filter((e) => e.step.startsWith('refund')).map((e) => e.step),
    ).toEqual(['refund-sent', 'refund', 'refund-sent', 'refund']);
  });

  it('refuses more than what is left, and anything on an unpaid sale, as values', async () => {
    expect(await refusedCode(paid.attemptId, '100.01')).toBe('refund-over-remaining');
    expect(await refusedCode('no-such-attempt')).toBe('attempt-not-found');
    const declined = await h.pay(h.sale('4000000000009995'));
    expect(await refusedCode(declined.attemptId)).toBe('attempt-not-refundable');
    expect(sandboxOrder()?.refundedAmount).toBe(0);
  });

  it('what is left comes from the gateway: a refund made elsewhere counts', async () => {
    await refundElsewhere(40);
    expect(await refusedCode(paid.attemptId, '60.01')).toBe('refund-over-remaining');
    const rest = await h.refund(paid.attemptId);
    expect(rest).toMatchObject({
      outcome: 'refunded',
      detail: { row: { status: 'refunded', refundedMinor: 10000 } },
    });
    expect(sandboxOrder()?.refundedAmount).toBe(100);
  });

  it('answer lost after the gateway refunded (502 after commit): Get order proves it', async () => {
    h.sandbox.faults.failAfterCommit('refund', 1, 502);
    const result = await h.refund(paid.attemptId, '10.00');
    expect(result).toMatchObject({
      outcome: 'refunded',
      detail: { row: { status: 'partially-refunded', refundedMinor: 1000 } },
    });
    expect(sandboxOrder()?.refundedAmount).toBe(10);
  });

  it('answer lost and Get order lagging: in doubt, never "not refunded", settled when the order shows it', async () => {
    h.sandbox.faults.failAfterCommit('refund', 1, 504);
    // The read right after the lost answer must still show the order before it, on a loaded
    // machine too: a read that already sees it would rightly settle at once.
    h.sandbox.faults.orderReadLag(1_500);
    const settled = nextSettled();
    const result = await h.refund(paid.attemptId, '10.00');
    expect(result.outcome).toBe('in-doubt');
    expect(h.journal.get(paid.attemptId)).toMatchObject({
      state: 'refund-sent',
      status: 'in-doubt',
    });
    expect(await settled).toMatchObject({ attemptId: paid.attemptId, outcome: 'paid' });
    expect(h.journal.get(paid.attemptId)).toMatchObject({
      status: 'partially-refunded',
      refundedMinor: 1000,
    });
    expect(sandboxOrder()?.refundedAmount).toBe(10);
  });

  it('a refund that hung before it ran stays in doubt until its deadline, then reads "not refunded"', async () => {
    h.sandbox.faults.failNext('refund', 1, 'hang');
    const result = await h.refund(paid.attemptId, '10.00');
    expect(result).toMatchObject({
      outcome: 'in-doubt',
      failure: { code: 'refund-outcome-unknown' },
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(h.journal.get(paid.attemptId)).toMatchObject({
      state: 'refund-sent',
      status: 'in-doubt',
    });
    const settled = nextSettled();
    h.clock.advance(SETTLE_WINDOW_MS + 1_000);
    expect(await settled).toMatchObject({ attemptId: paid.attemptId, outcome: 'paid' });
    expect(h.journal.get(paid.attemptId)).toMatchObject({
      state: 'paid',
      status: 'paid',
      refundedMinor: 0,
      failure: { code: 'refund-not-completed' },
    });
    expect(sandboxOrder()?.refundedAmount).toBe(0);
  });
});

describe('void', () => {
  it('is gone from the engine: money taken by Pay comes back by refund only', () => {
    expect('voidOrder' in h.service).toBe(false);
  });

  it("an older journal's void left in doubt still settles from the order, and stays readable", async () => {
    // As an earlier Paydesk left it: a Cancel sent on the paid sale, its answer lost.
    const older = new DatabaseSync(h.journalPath);
    older
      .prepare("UPDATE attempts SET state = 'void-sent', status = 'in-doubt' WHERE attempt_id = ?")
      .run(paid.attemptId);
    older.close();
    const settled = nextSettled();
    await h.service.reconcile();
    // The gateway's order is still Paid: the void never happened.
    expect(await settled).toMatchObject({ attemptId: paid.attemptId, outcome: 'paid' });
    expect(h.journal.get(paid.attemptId)).toMatchObject({ state: 'paid', status: 'paid' });
    expect(h.journal.detail(paid.attemptId)?.row.status).toBe('paid');
  });
});
