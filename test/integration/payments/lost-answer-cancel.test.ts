import { afterEach, describe, expect, it } from 'vitest';
import type { AttemptResult } from '../../../shared/ipc';
import {
  startPaymentHarness,
  usePaymentHarness,
  type PaymentHarness,
} from './fixtures/payment-harness';

/**
 * A lost Pay answer settled in seconds: the order is read at once, an order still waiting
 * for its Pay is cancelled (`TimedOut`) and read again. Through the real sandbox; its order
 * state is the oracle.
 */
const FRICTIONLESS = '5123456789012346';
const PAST_DEADLINE_MS = 17 * 60_000 + 1_000;

let h: PaymentHarness;
usePaymentHarness((started) => (h = started));
afterEach(() => {
  for (const order of h.sandbox.inspect.orders()) expect(order.captureCount).toBeLessThanOrEqual(1);
});

const orderOf = (result: AttemptResult) =>
  h.sandbox.inspect.order(h.journal.get(result.attemptId)?.orderId ?? '');
/** The attempt's audit trail from Pay on, as step:outcome. */
const trailFromPay = (attemptId: string) => {
  const events = h.journal.detail(attemptId)?.events ?? [];
  const from = events.findIndex((e) => e.step === 'pay-sent');
  return events.slice(from).map((e) => `${e.step}:${e.outcome}`);
};
const nextSettled = () => new Promise<AttemptResult>((resolve) => h.service.onSettled(resolve));

async function waitFor(condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

describe('a Pay lost before it reached the order', () => {
  it.each(['reset', 502] as const)(
    '%s: Cancel at once, "not charged" within seconds, and the order can no longer be paid',
    async (kind) => {
      h.sandbox.faults.failNext('pay', 1, kind);
      const started = Date.now();
      const result = await h.pay(h.sale(FRICTIONLESS));
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(result).toMatchObject({ outcome: 'error', failure: { code: 'pay-not-completed' } });
      expect(trailFromPay(result.attemptId)).toEqual([
        'pay-sent:sent',
        'cancel-sent:sent',
        'cancel-answered:cancelled',
        'settled:error',
      ]);
      expect(orderOf(result)).toMatchObject({
        detailedStatus: 'Cancelled',
        captureCount: 0,
        payAttempts: 0,
      });
      expect(h.journal.inDoubt()).toEqual([]);
    },
  );

  it('a hold whose PreAuthorize answer is lost is settled the same way', async () => {
    h.sandbox.faults.failNext('pay', 1, 'reset');
    const result = await h.pay(h.sale(FRICTIONLESS, { authorizeOnly: true }));
    expect(result).toMatchObject({ outcome: 'error', failure: { code: 'pay-not-completed' } });
    expect(orderOf(result)).toMatchObject({ detailedStatus: 'Cancelled', captureCount: 0 });
  });
});

describe('a Pay lost after it reached the order', () => {
  it.each([
    ['reset', () => h.sandbox.faults.losePayAnswer(1)],
    [502, () => h.sandbox.faults.failAfterCommit('pay', 1, 502)],
  ] as const)(
    '%s: the order shows the Pay, settled as paid, nothing cancelled',
    async (_, lose) => {
      lose();
      const result = await h.pay(h.sale(FRICTIONLESS));
      expect(result.outcome).toBe('paid');
      expect(trailFromPay(result.attemptId)).not.toContain('cancel-sent:sent');
      expect(orderOf(result)).toMatchObject({ detailedStatus: 'Paid', captureCount: 1 });
    },
  );

  it('the Pay lands between the first Get order and the Cancel: Cancel refused, paid', async () => {
    // Calls other than Pay wait up to 5 s here, so the slow Cancel below gets its answer.
    const slow = await startPaymentHarness({ timeouts: { headersMs: 5_000 } });
    try {
      // Pay accepted, invisible for 3 s (after the 1 s Pay timeout and the first Get order);
      // the Cancel reaches the order 3 s after it is sent, when the Pay has landed.
      slow.sandbox.faults.payLandsLate(1, 3_000);
      slow.sandbox.faults.delayNext('cancel', 1, 3_000);
      const result = await slow.pay(slow.sale(FRICTIONLESS));
      expect(result.outcome).toBe('paid');
      const events = slow.journal.detail(result.attemptId)?.events ?? [];
      expect(events.slice(-4).map((e) => `${e.step}:${e.outcome}`)).toEqual([
        'pay-sent:sent',
        'cancel-sent:sent',
        'cancel-answered:refused',
        'settled:paid',
      ]);
      const [order] = slow.sandbox.inspect.orders();
      expect(order).toMatchObject({ detailedStatus: 'Paid', captureCount: 1 });
    } finally {
      await slow.close();
    }
  });
});

describe("a Cancel that proves nothing keeps today's rules", () => {
  it('Cancel lost before it ran: in doubt, unchanged before the deadline, then "not charged"', async () => {
    h.sandbox.faults.failNext('pay', 1, 'reset');
    h.sandbox.faults.failNext('cancel', 1, 'reset');
    const result = await h.pay(h.sale(FRICTIONLESS));
    expect(result).toMatchObject({ outcome: 'in-doubt', failure: { code: 'pay-outcome-unknown' } });
    expect(trailFromPay(result.attemptId)).toContain('cancel-answered:lost');
    // Background rounds before the deadline read the order still waiting: no answer.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.journal.get(result.attemptId)?.status).toBe('in-doubt');
    expect(orderOf(result)?.detailedStatus).toBe('Authenticated');
    const settled = nextSettled();
    h.clock.advance(PAST_DEADLINE_MS);
    expect(await settled).toMatchObject({
      outcome: 'error',
      failure: { code: 'pay-not-completed' },
    });
    expect(orderOf(result)).toMatchObject({ detailedStatus: 'Cancelled', captureCount: 0 });
  });

  it('Cancel ran but its answer was lost: the order read after it proves "not charged"', async () => {
    h.sandbox.faults.failNext('pay', 1, 'reset');
    h.sandbox.faults.failAfterCommit('cancel', 1, 502);
    const result = await h.pay(h.sale(FRICTIONLESS));
    expect(result).toMatchObject({ outcome: 'error', failure: { code: 'pay-not-completed' } });
    expect(trailFromPay(result.attemptId)).toContain('cancel-answered:lost');
  });

  it('the gateway unreachable after the lost answer: in doubt, nothing cancelled', async () => {
    h.sandbox.faults.failNext('pay', 1, 'reset');
    h.sandbox.faults.failNext('order', 4, 503);
    const result = await h.pay(h.sale(FRICTIONLESS));
    expect(result.outcome).toBe('in-doubt');
    expect(trailFromPay(result.attemptId)).not.toContain('cancel-sent:sent');
    // The background rounds read the order once it answers: still waiting, before the deadline.
    await waitFor(() => h.sandbox.inspect.orders().length > 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(h.journal.get(result.attemptId)?.status).toBe('in-doubt');
  });
});

describe('watching an order written "not charged" until the old deadline', () => {
  it('money that shows up all the same goes back in doubt for a supervisor, with an alarm', async () => {
    // A gateway breaking its own rule: the Pay it took lands on the order after our Cancel.
    h.sandbox.faults.payLandsLate(1, 3_000);
    h.sandbox.faults.chargeCancelledOrders(1);
    const result = await h.pay(h.sale(FRICTIONLESS));
    expect(result).toMatchObject({ outcome: 'error', failure: { code: 'pay-not-completed' } });
    const listed = nextSettled();
    expect(await listed).toMatchObject({
      attemptId: result.attemptId,
      outcome: 'in-doubt',
      failure: { code: 'pay-needs-supervisor' },
    });
    expect(trailFromPay(result.attemptId)).toContain('charged-after-cancel:alarm');
    expect(h.service.needingSupervisor().map((r) => r.attemptId)).toContain(result.attemptId);
    // The order settles it again, as it is: paid, and the alarm stays in its audit trail.
    await waitFor(() => h.journal.get(result.attemptId)?.status === 'paid');
    expect(h.journal.get(result.attemptId)?.status).toBe('paid');
    expect(orderOf(result)?.captureCount).toBe(1);
  });

  it('an order that stays cancelled is watched quietly and stays "not charged"', async () => {
    h.sandbox.faults.failNext('pay', 1, 'reset');
    const result = await h.pay(h.sale(FRICTIONLESS));
    expect(result.outcome).toBe('error');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const reads = h.sandbox.inspect.order(h.journal.get(result.attemptId)?.orderId ?? '');
    expect(reads?.detailedStatus).toBe('Cancelled');
    expect(h.journal.get(result.attemptId)?.status).toBe('error');
    expect(h.service.needingSupervisor()).toEqual([]);
  });
});
