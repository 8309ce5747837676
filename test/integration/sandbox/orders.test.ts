import { describe, expect, test } from 'vitest';
import { call, payBody, paths, startPayment, type Started, useSandbox } from './sandbox-client';

const sandbox = useSandbox();

const paid = async (amount = 200): Promise<Started> => {
  const started = await startPayment(sandbox(), '5123456789012346', amount);
  expect((await call(sandbox(), 'POST', paths.pay, payBody(started))).body.responseCode).toBe(
    '000',
  );
  return started;
};

describe('Get order', () => {
  test('unknown order: 200.004', async () => {
    const answer = await call(
      sandbox(),
      'GET',
      paths.order('00000000-0000-4000-8000-000000000000'),
    );
    expect(answer.body).toMatchObject({ detailedResponseCode: '200.004', order: null });
  });

  test('an order in progress shows Initiated and no money moved', async () => {
    const started = await startPayment(sandbox(), '5123450000000008');
    const answer = await call(sandbox(), 'GET', paths.order(started.orderId));
    expect(answer.body.order).toMatchObject({
      status: 'InProgress',
      detailedStatus: 'Initiated',
      gatewayDecision: 'ContinueToPayer',
      totalCapturedAmount: 0,
    });
    expect(answer.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('Search orders', () => {
  test('by merchant reference and status, newest first, with paging', async () => {
    const first = await paid();
    const second = await paid();
    const reference = (await call(sandbox(), 'GET', paths.order(first.orderId))).body.order
      .merchantReferenceId;
    const byReference = await call(
      sandbox(),
      'GET',
      `${paths.search}?MerchantReferenceId=${reference}`,
    );
    expect(byReference.body.orders.map((o: { orderId: string }) => o.orderId)).toEqual([
      first.orderId,
    ]);
    const page = await call(
      sandbox(),
      'GET',
      `${paths.search}?status=Success&detailedStatus=Paid&Skip=0&Take=1`,
    );
    expect(page.body.orders).toHaveLength(1);
    expect(page.body.orders[0].orderId).toBe(second.orderId);
    expect(page.body.totalCount).toBeGreaterThanOrEqual(2);
  });

  test('a day range excludes orders outside it; a word is a 400', async () => {
    await paid();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const none = await call(sandbox(), 'GET', `${paths.search}?FromDate=${tomorrow}`);
    expect(none.body).toMatchObject({ responseCode: '000', orders: [], totalCount: 0 });
    const bad = await call(sandbox(), 'GET', `${paths.search}?FromDate=yesterday`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toContain('fromDate');
  });
});

describe('Refund', () => {
  test('partial, then the rest: PartiallyRefunded then Refunded, over the amount refused', async () => {
    const started = await paid(200);
    const part = await call(sandbox(), 'POST', paths.refund, {
      orderId: started.orderId,
      refundAmount: 50.25,
    });
    expect(part.body.order).toMatchObject({
      detailedStatus: 'PartiallyRefunded',
      totalRefundedAmount: 50.25,
    });
    const tooMuch = await call(sandbox(), 'POST', paths.refund, {
      orderId: started.orderId,
      refundAmount: 150,
    });
    expect(tooMuch.body.detailedResponseCode).toBe('500.002');
    const rest = await call(sandbox(), 'POST', paths.refund, { orderId: started.orderId });
    expect(rest.body.order).toMatchObject({ detailedStatus: 'Refunded', totalRefundedAmount: 200 });
    const refunds = rest.body.order.transactions.filter(
      (t: { type: string }) => t.type === 'Refund',
    );
    expect(refunds.map((t: { amount: number }) => t.amount)).toEqual([50.25, 149.75]);
    const pay = rest.body.order.transactions.find((t: { type: string }) => t.type === 'Pay');
    expect(
      refunds.every(
        (t: { parentTransactionId: string }) => t.parentTransactionId === pay.transactionId,
      ),
    ).toBe(true);
  });

  test('an unpaid order cannot be refunded: 500.001', async () => {
    const started = await startPayment(sandbox(), '5123456789012346');
    expect(
      (await call(sandbox(), 'POST', paths.refund, { orderId: started.orderId })).body
        .detailedResponseCode,
    ).toBe('500.001');
  });
});

describe('Cancel', () => {
  test('an unpaid order is Cancelled and can no longer be paid', async () => {
    const started = await startPayment(sandbox(), '5123456789012346');
    const cancelled = await call(sandbox(), 'POST', paths.cancel, {
      orderId: started.orderId,
      reason: 'Customer left',
    });
    expect(cancelled.body.order.detailedStatus).toBe('Cancelled');
    expect(
      (await call(sandbox(), 'POST', paths.pay, payBody(started))).body.detailedResponseCode,
    ).toBe('400.004');
  });

  test('a paid order is not cancelled (500.003): it stays Paid, money comes back by Refund', async () => {
    const started = await paid();
    const refused = await call(sandbox(), 'POST', paths.cancel, {
      orderId: started.orderId,
      reason: 'CancelledByUser',
    });
    expect(refused.body).toMatchObject({ responseCode: '500', detailedResponseCode: '500.003' });
    expect(refused.body.order).toMatchObject({ detailedStatus: 'Paid', totalCapturedAmount: 200 });
    expect(sandbox().inspect.order(started.orderId)?.captureCount).toBe(1);
  });

  test('a cancelled order cannot be cancelled again: 500.003', async () => {
    const started = await startPayment(sandbox(), '5123456789012346');
    const cancel = () =>
      call(sandbox(), 'POST', paths.cancel, { orderId: started.orderId, Reason: 'TimedOut' });
    expect((await cancel()).body.order.detailedStatus).toBe('Cancelled');
    expect((await cancel()).body.detailedResponseCode).toBe('500.003');
  });

  test('a reason is required: 400 100.003', async () => {
    const started = await startPayment(sandbox(), '5123456789012346');
    const answer = await call(sandbox(), 'POST', paths.cancel, { orderId: started.orderId });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors)).toContain('reason');
  });
});

describe('Capture (a PreAuthorize session)', () => {
  test('Pay holds (Authorized), Capture takes it once (Captured); not allowed otherwise: 500.004', async () => {
    const started = await startPayment(sandbox(), '5123456789012346', 90, 'PreAuthorize');
    const held = await call(sandbox(), 'POST', paths.pay, payBody(started));
    expect(held.body.responseCode).toBe('000');
    expect(held.body.order).toMatchObject({
      status: 'Success',
      detailedStatus: 'Authorized',
      paymentOperation: 'PreAuthorize',
      totalAuthorizedAmount: 90,
      totalCapturedAmount: 0,
    });
    expect(sandbox().inspect.order(started.orderId)?.captureCount).toBe(0);
    const cancel = await call(sandbox(), 'POST', paths.cancel, {
      orderId: started.orderId,
      reason: 'CancelledByUser',
    });
    expect(cancel.body.detailedResponseCode).toBe('500.003');
    const captured = await call(sandbox(), 'POST', paths.capture, { orderId: started.orderId });
    expect(captured.body.order).toMatchObject({
      detailedStatus: 'Captured',
      totalCapturedAmount: 90,
    });
    const [, authorization, capture] = captured.body.order.transactions;
    expect([authorization.type, capture.type]).toEqual(['Authorization', 'Capture']);
    expect(capture.parentTransactionId).toBe(authorization.transactionId);
    const again = await call(sandbox(), 'POST', paths.capture, { orderId: started.orderId });
    expect(again.body.detailedResponseCode).toBe('500.004');
    expect(sandbox().inspect.order(started.orderId)?.captureCount).toBe(1);
    const refund = await call(sandbox(), 'POST', paths.refund, { orderId: started.orderId });
    expect(refund.body.order.detailedStatus).toBe('Refunded');
  });

  test('a Paid order cannot be captured: 500.004', async () => {
    const started = await paid();
    const answer = await call(sandbox(), 'POST', paths.capture, { orderId: started.orderId });
    expect(answer.body).toMatchObject({ detailedResponseCode: '500.004' });
    expect(answer.body.order.detailedStatus).toBe('Paid');
  });
});

describe('Holds: operation, release, expiry', () => {
  const hold = async (amount = 60) => {
    const started = await startPayment(sandbox(), '5123456789012346', amount, 'PreAuthorize');
    const held = await call(sandbox(), 'POST', paths.pay, payBody(started));
    expect(held.body.order.detailedStatus).toBe('Authorized');
    return started;
  };

  test('a Pay whose operation differs from its session is refused (300.006) and charges nothing', async () => {
    const started = await startPayment(sandbox(), '5123456789012346', 60, 'PreAuthorize');
    const answer = await call(sandbox(), 'POST', paths.pay, {
      ...payBody(started),
      paymentOperation: 'Pay',
    });
    expect(answer.body.detailedResponseCode).toBe('300.006');
    const order = sandbox().inspect.order(started.orderId);
    expect(order).toMatchObject({ detailedStatus: 'Authenticated', captureCount: 0 });
  });

  test('release on the refund path voids the hold: Voided, a Void of the Authorization, then nothing more', async () => {
    const started = await hold();
    const partial = await call(sandbox(), 'POST', paths.refund, {
      orderId: started.orderId,
      refundAmount: 10,
    });
    expect(partial.body.detailedResponseCode).toBe('500.005');
    const released = await call(sandbox(), 'POST', paths.refund, { orderId: started.orderId });
    expect(released.body.order).toMatchObject({
      detailedStatus: 'Voided',
      totalCapturedAmount: 0,
      totalRefundedAmount: 0,
    });
    const [, authorization, voided] = released.body.order.transactions;
    expect([authorization.type, voided.type]).toEqual(['Authorization', 'Void']);
    expect(voided.parentTransactionId).toBe(authorization.transactionId);
    const capture = await call(sandbox(), 'POST', paths.capture, { orderId: started.orderId });
    expect(capture.body.detailedResponseCode).toBe('500.004');
    const again = await call(sandbox(), 'POST', paths.refund, { orderId: started.orderId });
    expect(again.body.detailedResponseCode).toBe('500.001');
  });

  test('a hold lapses after the hold lifetime: Reversed, and Capture is refused', async () => {
    const started = await hold();
    sandbox().faults.expireHoldsAfter(0);
    const order = await call(sandbox(), 'GET', paths.order(started.orderId));
    expect(order.body.order.detailedStatus).toBe('Reversed');
    expect(order.body.order.transactions.at(-1).type).toBe('Reversal');
    const capture = await call(sandbox(), 'POST', paths.capture, { orderId: started.orderId });
    expect(capture.body.detailedResponseCode).toBe('500.004');
    expect(sandbox().inspect.order(started.orderId)?.captureCount).toBe(0);
  });
});
