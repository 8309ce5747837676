import { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AttemptResult, HoldResult } from '../../../shared/ipc';
import { usePaymentHarness, valueOf, type PaymentHarness } from './fixtures/payment-harness';

const FRICTIONLESS = '5123456789012346';
const SETTLE_WINDOW_MS = 17 * 60_000;

let h: PaymentHarness;
let held: AttemptResult;
usePaymentHarness((started) => (h = started));
beforeEach(async () => {
  held = await h.pay(h.sale(FRICTIONLESS, { amount: '100.00', authorizeOnly: true }));
});

const orderId = () => held.order?.orderId ?? '';
const sandboxOrder = () => h.sandbox.inspect.order(orderId());
const capture = async (attemptId = held.attemptId): Promise<HoldResult> =>
  valueOf(await h.service.capture(attemptId));
const release = async (attemptId = held.attemptId): Promise<HoldResult> =>
  valueOf(await h.service.release(attemptId));
/** The ledger's entries for the hold, in journal order, as another process reads them. */
function ledger(attemptId = held.attemptId): [string, number][] {
  const db = new DatabaseSync(h.journalPath, { readOnly: true });
  try {
    const rows = db
      .prepare('SELECT kind, amount_minor FROM ledger WHERE record_id = ? ORDER BY entry_id')
      .all(attemptId) as { kind: string; amount_minor: number }[];
    return rows.map((row) => [row.kind, row.amount_minor]);
  } finally {
    db.close();
  }
}

const nextSettled = () => new Promise<AttemptResult>((resolve) => h.service.onSettled(resolve));

describe('authorize only', () => {
  it('holds the money: the order is Authorized, nothing captured, the journal says held', () => {
    expect(held).toMatchObject({ outcome: 'authorized', failure: null });
    expect(sandboxOrder()).toMatchObject({ detailedStatus: 'Authorized', captureCount: 0 });
    const record = h.journal.get(held.attemptId);
    expect(record).toMatchObject({
      state: 'authorized',
      status: 'authorized',
      paymentOperation: 'PreAuthorize',
    });
    expect(record?.heldAt).toEqual(expect.any(Number));
    expect(h.journal.detail(held.attemptId)?.row.heldAt).toBe(record?.heldAt);
    expect(ledger()).toEqual([['hold', 10000]]);
  });

  it('a held reference cannot start a second sale', async () => {
    const again = await h.tryPay(
      h.sale(FRICTIONLESS, { amount: '100.00', merchantReferenceId: held.merchantReferenceId }),
    );
    expect(again.ok ? null : again.error.code).toBe('reference-in-use');
  });
});

describe('capture', () => {
  it('takes the held amount in full: Captured at the gateway, a paid sale in the journal', async () => {
    const result = await capture();
    expect(result).toMatchObject({
      outcome: 'captured',
      failure: null,
      detail: { row: { status: 'paid' }, result: { order: { detailedStatus: 'Captured' } } },
    });
    expect(sandboxOrder()).toMatchObject({ detailedStatus: 'Captured', captureCount: 1 });
    expect(
      result.detail?.events.filter((e) => e.step.startsWith('capture')).map((e) => e.step),
    ).toEqual(['capture-sent', 'capture']);
    expect(ledger()).toEqual([
      ['hold', 10000],
      ['capture', 10000],
    ]);
  });

  it('a different final amount: capture in full, then a partial refund', async () => {
    await capture();
    const refund = await h.refund(held.attemptId, '25.00');
    expect(refund).toMatchObject({
      outcome: 'refunded',
      detail: { row: { status: 'partially-refunded', refundedMinor: 2500 } },
    });
    expect(sandboxOrder()).toMatchObject({
      detailedStatus: 'PartiallyRefunded',
      refundedAmount: 25,
    });
    expect(ledger()).toEqual([
      ['hold', 10000],
      ['capture', 10000],
      ['refund', 2500],
    ]);
  });

  it('is refused on a paid one-step sale, and a second capture is refused: nothing moves', async () => {
    const paid = await h.pay(h.sale(FRICTIONLESS, { merchantReferenceId: 'PAID-1' }));
    expect(paid.outcome).toBe('paid');
    const refused = await h.service.capture(paid.attemptId);
    expect(refused.ok ? null : refused.error.code).toBe('hold-not-held');
    await capture();
    const again = await h.service.capture(held.attemptId);
    expect(again.ok ? null : again.error.code).toBe('hold-not-held');
    expect(sandboxOrder()?.captureCount).toBe(1);
  });

  it('answer lost after the gateway captured (502 after commit): Get order proves it', async () => {
    h.sandbox.faults.failAfterCommit('capture', 1, 502);
    expect(await capture()).toMatchObject({
      outcome: 'captured',
      detail: { row: { status: 'paid' } },
    });
    expect(sandboxOrder()?.captureCount).toBe(1);
  });

  it('answer lost and reads lagging: in doubt, never "not captured", settled when the order shows it', async () => {
    h.sandbox.faults.failAfterCommit('capture', 1, 504);
    // Long enough that the read right after the lost answer still shows the hold even on a
    // loaded machine (at 300 ms a slow read could already see the capture, and rightly settle).
    h.sandbox.faults.orderReadLag(1_500);
    const settled = nextSettled();
    const result = await capture();
    expect(result).toMatchObject({
      outcome: 'in-doubt',
      failure: { code: 'capture-outcome-unknown' },
    });
    expect(h.journal.get(held.attemptId)).toMatchObject({
      state: 'capture-sent',
      status: 'in-doubt',
    });
    expect(await settled).toMatchObject({ attemptId: held.attemptId, outcome: 'paid' });
    expect(h.journal.get(held.attemptId)).toMatchObject({ state: 'paid', status: 'paid' });
    expect(sandboxOrder()?.captureCount).toBe(1);
    expect(ledger().filter(([kind]) => kind === 'capture')).toHaveLength(1);
  });

  it('a capture that never ran stays in doubt until its deadline, then the hold stands and can be captured', async () => {
    h.sandbox.faults.failNext('capture', 1, 'hang');
    expect((await capture()).outcome).toBe('in-doubt');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(h.journal.get(held.attemptId)).toMatchObject({ state: 'capture-sent' });
    const settled = nextSettled();
    h.clock.advance(SETTLE_WINDOW_MS + 1_000);
    expect(await settled).toMatchObject({ attemptId: held.attemptId, outcome: 'authorized' });
    // The settling round lets go of the sale just after it tells.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(h.journal.get(held.attemptId)).toMatchObject({
      state: 'authorized',
      status: 'authorized',
      failure: { code: 'capture-not-completed' },
    });
    expect(await capture()).toMatchObject({ outcome: 'captured' });
    expect(sandboxOrder()?.captureCount).toBe(1);
    expect(ledger()).toEqual([
      ['hold', 10000],
      ['capture', 10000],
    ]);
  });
});

describe('release', () => {
  it('voids the hold on the refund path: Voided with a Void transaction, nothing charged', async () => {
    const result = await release();
    expect(result).toMatchObject({
      outcome: 'released',
      detail: { row: { status: 'released' }, result: { outcome: 'authorized' } },
    });
    expect(sandboxOrder()).toMatchObject({ detailedStatus: 'Voided', captureCount: 0 });
    expect(result.detail?.result.order?.transactions.map((t) => t.type)).toContain('Void');
    expect(ledger()).toEqual([
      ['hold', 10000],
      ['release', 10000],
    ]);
    const after = await h.service.capture(held.attemptId);
    expect(after.ok ? null : after.error.code).toBe('hold-not-held');
  });

  it('answer lost and reads lagging: in doubt, then released from Get order', async () => {
    h.sandbox.faults.failAfterCommit('refund', 1, 504);
    // The read right after the lost answer must still show the order before it, on a loaded
    // machine too: a read that already sees it would rightly settle at once.
    h.sandbox.faults.orderReadLag(1_500);
    const settled = nextSettled();
    expect((await release()).outcome).toBe('in-doubt');
    expect(h.journal.get(held.attemptId)).toMatchObject({
      state: 'release-sent',
      status: 'in-doubt',
    });
    await settled;
    expect(h.journal.get(held.attemptId)).toMatchObject({ state: 'released', status: 'released' });
    expect(sandboxOrder()?.detailedStatus).toBe('Voided');
  });

  it('a capture racing a release on one order ends in exactly one of them', async () => {
    const [captured, released] = await Promise.all([
      h.service.capture(held.attemptId),
      h.service.release(held.attemptId),
    ]);
    const won = [captured, released].filter((r) => r.ok);
    expect(won).toHaveLength(1);
    const lost = [captured, released].find((r) => !r.ok);
    expect(lost?.ok ? null : lost?.error.code).toBe('attempt-busy');
    const status = sandboxOrder()?.detailedStatus;
    expect(['Captured', 'Voided']).toContain(status);
    expect(h.journal.get(held.attemptId)?.status).toBe(status === 'Captured' ? 'paid' : 'released');
    // And at the gateway itself: once one has happened the other is refused.
    const second =
      status === 'Captured'
        ? await h.service.release(held.attemptId)
        : await h.service.capture(held.attemptId);
    expect(second.ok).toBe(false);
    expect(sandboxOrder()?.detailedStatus).toBe(status);
  });
});

describe('hold expiry', () => {
  it('a lapsed hold reads as ended once the gateway says so, and cannot be captured', async () => {
    h.sandbox.faults.expireHoldsAfter(0);
    const checked = valueOf(await h.service.check(held.attemptId));
    expect(checked.outcome).toBe('authorized');
    expect(h.journal.get(held.attemptId)).toMatchObject({
      state: 'hold-expired',
      status: 'hold-expired',
    });
    expect(sandboxOrder()?.detailedStatus).toBe('Reversed');
    expect(ledger()).toEqual([
      ['hold', 10000],
      ['hold-expired', 10000],
    ]);
    const refused = await h.service.capture(held.attemptId);
    expect(refused.ok ? null : refused.error.code).toBe('hold-not-held');
  });

  it('a capture sent on a hold that lapsed is refused by the gateway and reads as expired', async () => {
    h.sandbox.faults.expireHoldsAfter(0);
    // The read before sending already shows the lapse: nothing is sent.
    const refused = await h.service.capture(held.attemptId);
    expect(refused.ok ? null : refused.error.code).toBe('hold-not-held');
    expect(h.journal.get(held.attemptId)?.status).toBe('hold-expired');
    expect(sandboxOrder()?.captureCount).toBe(0);
  });
});
