import { afterEach, describe, expect, it } from 'vitest';
import type { AttemptResult } from '../../../shared/ipc';
import { usePaymentHarness, type PaymentHarness } from './fixtures/payment-harness';

const CHALLENGE = '5123450000000008';
const FRICTIONLESS = '5123456789012346';

let h: PaymentHarness;
usePaymentHarness((started) => (h = started));
// Runs before the harness closes (after-hooks unwind like a stack).
afterEach(() => {
  // The sandbox's own order state is the oracle: no order was ever captured twice.
  for (const order of h.sandbox.inspect.orders()) expect(order.captureCount).toBeLessThanOrEqual(1);
});

const captures = () =>
  h.sandbox.inspect.orders().reduce((sum, order) => sum + order.captureCount, 0);
const orderOf = (result: AttemptResult) => h.sandbox.inspect.order(result.order?.orderId ?? '');

describe('sandbox faults before Pay end the attempt without a charge', () => {
  it('added latency on every call still pays', async () => {
    h.sandbox.faults.setLatency(40);
    expect((await h.pay(h.sale(CHALLENGE))).outcome).toBe('paid');
    expect(captures()).toBe(1);
  });

  it.each([
    ['session', 500, 'gateway-server-error'],
    ['initiate', 503, 'gateway-server-error'],
    ['payer', 500, 'gateway-server-error'],
    ['initiate', 'hang', 'gateway-timeout'],
  ] as const)('%s answering %s: %s', async (operation, kind, code) => {
    h.sandbox.faults.failNext(operation, 1, kind);
    const result = await h.pay(h.sale(CHALLENGE));
    expect(result).toMatchObject({ outcome: 'error', failure: { code } });
    expect(captures()).toBe(0);
  });
});

describe('a Pay without an answer is settled by Get order, never charged twice', () => {
  it('lost answer after the capture: Get order proves paid, Pay is not sent again', async () => {
    h.sandbox.faults.losePayAnswer(1);
    const result = await h.pay(h.sale(CHALLENGE));
    expect(result.outcome).toBe('paid');
    expect(orderOf(result)).toMatchObject({ captureCount: 1, payAttempts: 1 });
    expect(h.steps).toContain('checking-with-bank');
  });

  it.each([500, 503, 'hang'] as const)(
    'Pay failing with %s before it ran: order unpaid, one more Pay, one capture',
    async (kind) => {
      h.sandbox.faults.failNext('pay', 1, kind);
      const result = await h.pay(h.sale(FRICTIONLESS));
      expect(result.outcome).toBe('paid');
      expect(orderOf(result)).toMatchObject({ captureCount: 1, payAttempts: 1 });
      const steps = h.journal
        .detail(result.attemptId)
        ?.events.filter((e) => e.step === 'pay-sent')
        .map((e) => e.outcome);
      expect(steps).toEqual(['sent', 'resent']);
    },
  );

  it('Pay failing twice: stops after one repeat, nothing charged, a clear code', async () => {
    h.sandbox.faults.failNext('pay', 2, 503);
    const result = await h.pay(h.sale(FRICTIONLESS));
    expect(result).toMatchObject({ outcome: 'error', failure: { code: 'pay-not-completed' } });
    expect(captures()).toBe(0);
  });

  it('session expired when Get order proves unpaid: ends expired instead of repeating Pay', async () => {
    h.sandbox.faults.failNext('pay', 1, 500);
    h.sandbox.faults.failNext('order', 1, 500);
    const pay = h.pay(h.sale(FRICTIONLESS));
    // The first Get order fails; advance past the session's 15 minutes before the next.
    await waitFor(() => h.steps.includes('checking-with-bank'));
    h.clock.advance(16 * 60_000);
    expect(await pay).toMatchObject({ outcome: 'expired', failure: { code: 'session-expired' } });
    expect(captures()).toBe(0);
  });

  it('Pay refused because the session ran out on the way: expired with the gateway code', async () => {
    h.sandbox.faults.setLatency(200);
    const pay = h.pay(h.sale(FRICTIONLESS));
    // Pay is waiting in the sandbox when the session's 15 minutes pass.
    await waitFor(() => h.steps.includes('charging'));
    h.clock.advance(16 * 60_000);
    const result = await pay;
    expect(result).toMatchObject({
      outcome: 'expired',
      failure: { code: 'session-expired', gatewayCode: '200.002' },
    });
    expect(captures()).toBe(0);
  });

  it('Pay and Get order both unanswered: in doubt now, settled paid later through onSettled', async () => {
    h.sandbox.faults.losePayAnswer(1);
    h.sandbox.faults.failNext('order', 3, 503);
    const settled = new Promise<AttemptResult>((resolve) => h.service.onSettled(resolve));
    const result = await h.pay(h.sale(CHALLENGE));
    expect(result).toMatchObject({ outcome: 'in-doubt', failure: { code: 'pay-outcome-unknown' } });
    expect(h.journal.inDoubt().map((r) => r.attemptId)).toEqual([result.attemptId]);
    const later = await settled;
    expect(later).toMatchObject({ attemptId: result.attemptId, outcome: 'paid', failure: null });
    expect(orderOf(later)).toMatchObject({ captureCount: 1, payAttempts: 1 });
    expect(h.journal.inDoubt()).toEqual([]);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i += 1) await new Promise((r) => setTimeout(r, 2));
}
