import { describe, expect, it } from 'vitest';
import type { SaleRequest } from '../../../shared/ipc';
import { useCrashChildren } from './fixtures/crash-children';
import { firstOutput, killNine, until } from './fixtures/crash-process';
import { usePaymentHarness, type PaymentHarness } from './fixtures/payment-harness';

const CHALLENGE = '5123450000000008';
const FRICTIONLESS = '5123456789012346';
const VISA_CHALLENGE = '4440000009900010';

let h: PaymentHarness;

/** What the sale screen does: prepare once the order is known, check once the number is. */
async function checkFor(sale: SaleRequest, cardNumber = sale.card.number) {
  const order = {
    amount: sale.amount,
    currency: sale.currency,
    merchantReferenceId: sale.merchantReferenceId,
  };
  await h.service.prepare(order);
  return h.service.checkCard({ ...order, cardNumber });
}

const cancelledByUser = (orderId: string) =>
  until(() => {
    const order = h.sandbox.inspect.order(orderId);
    return order?.detailedStatus === 'Cancelled' && order.cancelReason === 'CancelledByUser';
  }, 5_000);

const onlyOrder = () => {
  const orders = h.sandbox.inspect.orders();
  expect(orders).toHaveLength(1);
  return orders[0]!;
};

const eventOf = (attemptId: string, step: string) =>
  h.journal.detail(attemptId)?.events.find((event) => event.step === step);

describe('card check: Initiate and the method page run while the card is typed', () => {
  usePaymentHarness((started) => (h = started));

  it('is continued by the sale: Enter sends only Authenticate Payer and Pay', async () => {
    const sale = h.sale(CHALLENGE);
    expect(await checkFor(sale)).toBe(true);
    const checked = onlyOrder();
    expect(checked).toMatchObject({ detailedStatus: 'Initiated', methodCompleted: true });
    expect(h.challenge.stats.methodRuns).toBe(1);

    const result = await h.pay(sale);
    expect(result.outcome).toBe('paid');
    // Still the one order: the sale went on with the check's, under the check's id.
    expect(onlyOrder()).toMatchObject({ orderId: checked.orderId, captureCount: 1 });
    expect(result.order?.orderId).toBe(checked.orderId);
    expect(h.challenge.stats.methodRuns).toBe(1);
    expect(h.steps).not.toContain('creating-session');
    expect(eventOf(result.attemptId, 'session')?.outcome).toBe('card check');
    expect(eventOf(result.attemptId, 'initiate')?.detail).toBe('card check');
    expect(h.journal.cardChecks.get(result.attemptId)).toMatchObject({
      state: 'used',
      orderId: checked.orderId,
      first6: '512345',
      last4: '0008',
    });
  });

  it('is never a payment: History lists only the sale, not the checks before it', async () => {
    const sale = h.sale(FRICTIONLESS);
    await checkFor(sale, CHALLENGE);
    const discarded = onlyOrder();
    const result = await h.pay(sale);
    expect(await cancelledByUser(discarded.orderId)).toBe(true);
    const rows = h.journal.search({}, null, 50).rows;
    expect(rows.map((row) => row.attemptId)).toEqual([result.attemptId]);
    expect(h.journal.get(result.attemptId)?.orderId).not.toBe(discarded.orderId);
  });

  for (const [change, patch] of [
    ['number', { cardNumber: VISA_CHALLENGE }],
    ['amount', { amount: '99.00' }],
    ['currency', { currency: 'EGP' as const }],
  ] as const) {
    it(`a changed ${change} discards the check: its order is cancelled as CancelledByUser`, async () => {
      const sale = h.sale(CHALLENGE);
      await checkFor(sale);
      const first = onlyOrder();
      const replaced = { ...sale, card: { ...sale.card }, ...patch };
      expect(
        await h.service.checkCard({
          amount: replaced.amount,
          currency: replaced.currency,
          merchantReferenceId: sale.merchantReferenceId,
          cardNumber: 'cardNumber' in patch ? patch.cardNumber : sale.card.number,
        }),
      ).toBe(true);
      expect(await cancelledByUser(first.orderId)).toBe(true);
      const checks = h.sandbox.inspect.orders();
      expect(checks).toHaveLength(2);
      await until(() => h.journal.cardChecks.unfinished().length === 1, 2_000);
      expect(h.journal.cardChecks.unfinished().map((check) => check.orderId)).toEqual([
        checks[1]?.orderId,
      ]);
    });
  }

  it('a cleared form drops the check; a sale with another card never uses it', async () => {
    const sale = h.sale(CHALLENGE);
    await checkFor(sale);
    const first = onlyOrder();
    expect(h.service.dropCardCheck()).toEqual({ dropped: true });
    expect(await cancelledByUser(first.orderId)).toBe(true);
    expect(h.service.dropCardCheck()).toEqual({ dropped: false });

    await checkFor(sale);
    const second = h.sandbox.inspect.orders()[1]!;
    const result = await h.pay(
      h.sale(FRICTIONLESS, { merchantReferenceId: sale.merchantReferenceId }),
    );
    expect(result.outcome).toBe('paid');
    expect(await cancelledByUser(second.orderId)).toBe(true);
    expect(result.order?.orderId).not.toBe(second.orderId);
  });
});

describe('card check: its lifetime', () => {
  usePaymentHarness((started) => (h = started), { tuning: { cardCheckLifetimeMs: 150 } });

  it('is dropped after its lifetime: the card is not held beyond it', async () => {
    const sale = h.sale(CHALLENGE);
    await checkFor(sale);
    expect(await cancelledByUser(onlyOrder().orderId)).toBe(true);
    await until(() => h.journal.cardChecks.unfinished().length === 0, 2_000);
    const result = await h.pay(sale);
    expect(eventOf(result.attemptId, 'session')?.outcome).toBe('created');
  });
});

describe('card check: the setting', () => {
  usePaymentHarness((started) => (h = started), { settings: { checkCardEarly: false } });

  it('is off with the setting: nothing reaches the gateway before Pay', async () => {
    expect(await checkFor(h.sale(CHALLENGE))).toBe(false);
    expect(h.sandbox.inspect.orders()).toEqual([]);
  });
});

describe('card check: breaking it', () => {
  usePaymentHarness((started) => (h = started));

  it('Enter while the method page still runs waits for it, then goes on with the check', async () => {
    h.sandbox.faults.setMethodPageDuration(400);
    const sale = h.sale(CHALLENGE);
    await h.service.prepare({
      amount: sale.amount,
      currency: sale.currency,
      merchantReferenceId: sale.merchantReferenceId,
    });
    const checking = h.service.checkCard({
      amount: sale.amount,
      currency: sale.currency,
      merchantReferenceId: sale.merchantReferenceId,
      cardNumber: sale.card.number,
    });
    expect(await until(() => h.sandbox.inspect.orders().length === 1, 2_000)).toBe(true);
    const result = await h.pay(sale);
    expect(result.outcome).toBe('paid');
    expect(onlyOrder()).toMatchObject({ methodCompleted: true, captureCount: 1 });
    expect(h.challenge.stats.methodRuns).toBe(1);
    expect(await checking).toBe(true);
  });

  it('Cancel while the method page runs ends the sale and cancels the order', async () => {
    h.sandbox.faults.setMethodPageDuration(1_000);
    const sale = h.sale(CHALLENGE);
    void checkFor(sale);
    expect(await until(() => h.sandbox.inspect.orders().length === 1, 2_000)).toBe(true);
    const paying = h.pay(sale);
    await until(() => h.steps.includes('checking-card'), 2_000);
    expect(h.service.cancel()).toEqual({ cancelled: true });
    const result = await paying;
    expect(result.outcome).toBe('cancelled');
    expect(await cancelledByUser(onlyOrder().orderId)).toBe(true);
  });

  it('a failing speculative Initiate leaves the sale to do it itself', async () => {
    h.sandbox.faults.failNext('initiate', 1, 503);
    const sale = h.sale(FRICTIONLESS);
    expect(await checkFor(sale)).toBe(false);
    expect(h.sandbox.inspect.orders()).toEqual([]);
    // No order came of it: the card is no longer held for it.
    expect(h.service.dropCardCheck()).toEqual({ dropped: false });
    const result = await h.pay(sale);
    expect(result.outcome).toBe('paid');
    expect(eventOf(result.attemptId, 'initiate')?.detail).toBeNull();
    expect(eventOf(result.attemptId, 'session')?.outcome).toBe('created');
    // The check got no order: nothing to cancel, nothing left open.
    expect(h.journal.cardChecks.get(result.attemptId)).toBeNull();
    expect(h.journal.cardChecks.unfinished()).toEqual([]);
  });

  it('Enter while the speculative Initiate is on its way, which then fails: the sale does it itself', async () => {
    const sale = h.sale(FRICTIONLESS);
    await h.service.prepare({
      amount: sale.amount,
      currency: sale.currency,
      merchantReferenceId: sale.merchantReferenceId,
    });
    // Every call slow, and the check's Initiate refused: Enter arrives while it is in flight.
    h.sandbox.faults.setLatency(300);
    h.sandbox.faults.failNext('initiate', 1, 503);
    const checking = h.service.checkCard({
      amount: sale.amount,
      currency: sale.currency,
      merchantReferenceId: sale.merchantReferenceId,
      cardNumber: sale.card.number,
    });
    const result = await h.pay(sale);
    expect(await checking).toBe(false);
    expect(result.outcome).toBe('paid');
    // Its own session and Initiate, not the check's: one order, charged once.
    expect(eventOf(result.attemptId, 'session')?.outcome).toBe('created');
    expect(eventOf(result.attemptId, 'initiate')?.detail).toBeNull();
    expect(onlyOrder()).toMatchObject({ captureCount: 1 });
    expect(h.journal.cardChecks.unfinished()).toEqual([]);
  });

  it('a check whose session is too old for the sale is cancelled; the sale gets a new session', async () => {
    const sale = h.sale(FRICTIONLESS);
    await checkFor(sale);
    const checked = onlyOrder();
    h.clock.advance(11 * 60_000);
    const result = await h.pay(sale);
    expect(result.outcome).toBe('paid');
    expect(eventOf(result.attemptId, 'session')?.outcome).toBe('created');
    expect(await cancelledByUser(checked.orderId)).toBe(true);
    expect(result.order?.orderId).not.toBe(checked.orderId);
  });
});

describe('card check: a crash with a live check', () => {
  usePaymentHarness((started) => (h = started));
  const startChild = useCrashChildren(() => h, CHALLENGE);

  it('is recognised at start-up and its order cancelled as CancelledByUser', async () => {
    const child = startChild({ mode: 'check', merchantReferenceId: 'PD-CRASH-CHECK' });
    await firstOutput(child);
    await killNine(child);
    const [open] = h.journal.cardChecks.unfinished();
    expect(open).toMatchObject({ state: 'initiated', merchantReferenceId: 'PD-CRASH-CHECK' });
    const restarted = await h.restart();
    await restarted.service.reconcile();
    expect(restarted.journal.cardChecks.get(open!.checkId)).toMatchObject({
      state: 'cancelled',
      detail: 'interrupted',
    });
    expect(h.sandbox.inspect.order(open!.orderId!)).toMatchObject({
      detailedStatus: 'Cancelled',
      cancelReason: 'CancelledByUser',
    });
    // Never a payment: History stays empty.
    expect(restarted.journal.search({}, null, 10).rows).toEqual([]);
  });
});
