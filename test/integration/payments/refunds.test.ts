import { beforeEach, describe, expect, it } from 'vitest';
import type { AttemptResult } from '../../../shared/ipc';
import { IpcFailure } from '../../../main/core/ipc/router';
import { usePaymentHarness, type PaymentHarness } from './fixtures/payment-harness';

const FRICTIONLESS = '5123456789012346';

let h: PaymentHarness;
let paid: AttemptResult;
usePaymentHarness((started) => (h = started));
beforeEach(async () => {
  paid = await h.pay(h.sale(FRICTIONLESS, { amount: '100.00' }));
  expect(paid.outcome).toBe('paid');
});

const sandboxOrder = () => h.sandbox.inspect.order(paid.order?.orderId ?? '');
const thrownCode = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof IpcFailure ? error.code : String(error)),
  );

describe('refunds', () => {
  it('partial, then the rest: partially-refunded, then refunded', async () => {
    const partial = await h.service.refund(paid.attemptId, '30.00');
    expect(partial).toMatchObject({
      outcome: 'refunded',
      failure: null,
      detail: { row: { status: 'partially-refunded', refundedMinor: 3000 } },
    });
    expect(sandboxOrder()?.refundedAmount).toBe(30);
    const rest = await h.service.refund(paid.attemptId);
    expect(rest).toMatchObject({
      outcome: 'refunded',
      detail: { row: { status: 'refunded', refundedMinor: 10000 } },
    });
    expect(sandboxOrder()?.refundedAmount).toBe(100);
    expect(
      rest.detail?.events.filter((e) => e.step.startsWith('refund')).map((e) => e.step),
    ).toEqual(['refund-sent', 'refund', 'refund-sent', 'refund']);
  });

  it('refuses more than what is left, and anything on an unpaid sale', async () => {
    expect(await thrownCode(h.service.refund(paid.attemptId, '100.01'))).toBe(
      'refund-over-remaining',
    );
    expect(await thrownCode(h.service.refund('no-such-attempt'))).toBe('attempt-not-found');
    const declined = await h.pay(h.sale('4000000000009995'));
    expect(await thrownCode(h.service.refund(declined.attemptId))).toBe('attempt-not-refundable');
  });

  it('a refund whose request failed before it ran: Get order shows nothing refunded, status unchanged', async () => {
    h.sandbox.faults.failNext('refund', 1, 'hang');
    const result = await h.service.refund(paid.attemptId, '10.00');
    expect(result).toMatchObject({
      outcome: 'error',
      failure: { code: 'gateway-timeout' },
      detail: { row: { status: 'paid', refundedMinor: 0 } },
    });
    expect(sandboxOrder()?.refundedAmount).toBe(0);
  });

  it('a refund with no answer and no Get order stays in doubt, then settles in the background', async () => {
    h.sandbox.faults.failNext('refund', 1, 503);
    h.sandbox.faults.failNext('order', 3, 503);
    const settled = new Promise<AttemptResult>((resolve) => h.service.onSettled(resolve));
    const result = await h.service.refund(paid.attemptId, '10.00');
    expect(result).toMatchObject({
      outcome: 'in-doubt',
      failure: { code: 'refund-outcome-unknown' },
    });
    expect(h.journal.get(paid.attemptId)).toMatchObject({
      state: 'refund-sent',
      status: 'in-doubt',
    });
    expect(await settled).toMatchObject({ attemptId: paid.attemptId, outcome: 'paid' });
    expect(h.journal.get(paid.attemptId)).toMatchObject({ status: 'paid', refundedMinor: 0 });
  });
});

describe('void', () => {
  it('voids a paid sale', async () => {
    const result = await h.service.voidOrder(paid.attemptId, 'Customer changed their mind');
    expect(result).toMatchObject({
      outcome: 'voided',
      failure: null,
      detail: { row: { status: 'voided' } },
    });
    expect(sandboxOrder()?.detailedStatus).toMatch(/Voided|Cancelled/);
  });

  it('is refused by the engine once part of the sale was refunded', async () => {
    await h.service.refund(paid.attemptId, '1.00');
    expect(await thrownCode(h.service.voidOrder(paid.attemptId, 'late'))).toBe(
      'attempt-not-voidable',
    );
  });
});
