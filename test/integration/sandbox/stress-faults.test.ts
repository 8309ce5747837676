import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../../main/core/sandbox';
import { admin, call, type Json, payBody, paths, startPayment } from './sandbox-client';

// A sandbox that behaves like a real gateway under stress. Every fault is
// driven through the real sandbox over loopback HTTP, and its effect read back the way a
// client reads it (Get order, Search), with the sandbox's own inspector for captures.

const frictionless = '5123456789012346';

let sandbox: Sandbox;
afterEach(() => sandbox.close());

const orderOf = async (orderId: string): Promise<Json> =>
  (await call(sandbox, 'GET', paths.order(orderId))).body.order;

const transactionTypes = (order: Json): string[] =>
  order.transactions.map((t: { type: string; status: string }) => `${t.type}:${t.status}`);

/** Pay sent with a client that gives up (disconnects) after `ms`. */
const payAndDisconnect = async (body: unknown, ms: number): Promise<unknown> => {
  const outcome = call(sandbox, 'POST', paths.pay, body, {}, AbortSignal.timeout(ms)).catch(
    (error: Error) => error,
  );
  return outcome;
};

/** Whether a fresh TCP connect to the sandbox's port is refused. */
const connectOutcome = (url: string): Promise<'connected' | string> =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });

describe('failNext: before the call runs, nothing changes at the gateway', () => {
  test.each([
    [502, '999.502'],
    [504, '999.504'],
    [500, '999.500'],
    [503, '999.503'],
  ] as const)('%s answers a problem body (%s) and Pay did not run', async (kind, code) => {
    sandbox = await startSandbox();
    const started = await startPayment(sandbox, frictionless);
    sandbox.faults.failNext('pay', 1, kind);
    const answer = await call(sandbox, 'POST', paths.pay, payBody(started));
    expect(answer.status).toBe(kind);
    expect(answer.headers.get('content-type')).toContain('application/problem+json');
    expect(answer.body).toMatchObject({ status: kind, detailedResponseCode: code });
    expect((await orderOf(started.orderId)).detailedStatus).toBe('Authenticated');
    expect(sandbox.inspect.order(started.orderId)).toMatchObject({
      payAttempts: 0,
      captureCount: 0,
    });
    expect((await call(sandbox, 'POST', paths.pay, payBody(started))).body.responseCode).toBe(
      '000',
    );
  });

  test('reset destroys the socket before any byte; the order is untouched', async () => {
    sandbox = await startSandbox();
    const started = await startPayment(sandbox, frictionless);
    sandbox.faults.failNext('/direct/pay', 1, 'reset');
    const outcome = await call(sandbox, 'POST', paths.pay, payBody(started)).catch(
      (error: Error) => error,
    );
    expect(outcome).toBeInstanceOf(Error);
    expect(sandbox.inspect.order(started.orderId)).toMatchObject({
      detailedStatus: 'Authenticated',
      payAttempts: 0,
    });
  });
});

describe('failAfterCommit: the call ran in full, then its answer failed', () => {
  test('Pay answers 504 but the order is Paid with one capture', async () => {
    sandbox = await startSandbox();
    const started = await startPayment(sandbox, frictionless);
    sandbox.faults.failAfterCommit('pay', 1, 504);
    const answer = await call(sandbox, 'POST', paths.pay, payBody(started));
    expect(answer.status).toBe(504);
    expect(answer.body).toMatchObject({
      detailedResponseCode: '999.504',
      title: 'Gateway Timeout',
    });
    expect(await orderOf(started.orderId)).toMatchObject({
      detailedStatus: 'Paid',
      totalCapturedAmount: 125.5,
    });
    expect(sandbox.inspect.order(started.orderId)?.captureCount).toBe(1);
  });

  test('Refund answers 502 but the refund was made', async () => {
    sandbox = await startSandbox();
    const started = await startPayment(sandbox, frictionless, 80);
    await call(sandbox, 'POST', paths.pay, payBody(started));
    sandbox.faults.failAfterCommit('refund', 1, 502);
    const answer = await call(sandbox, 'POST', paths.refund, {
      orderId: started.orderId,
      refundAmount: 30,
    });
    expect(answer.status).toBe(502);
    expect(answer.body.detailedResponseCode).toBe('999.502');
    expect(await orderOf(started.orderId)).toMatchObject({
      detailedStatus: 'PartiallyRefunded',
      totalRefundedAmount: 30,
    });
  });
});

describe('payLandsLate: accepted, invisible for a while, then Paid once', () => {
  test('the order shows no Pay until it lands; a second Pay meanwhile is refused (400.005)', async () => {
    sandbox = await startSandbox();
    const started = await startPayment(sandbox, frictionless);
    sandbox.faults.payLandsLate(1, 1200);
    const sent = Date.now();
    const first = call(sandbox, 'POST', paths.pay, payBody(started));
    await sleep(100);
    const early = await orderOf(started.orderId);
    expect(early).toMatchObject({ detailedStatus: 'Authenticated', totalCapturedAmount: 0 });
    expect(transactionTypes(early)).toEqual(['Authentication:Success']);
    const search = await call(
      sandbox,
      'GET',
      `${paths.search}?MerchantReferenceId=${early.merchantReferenceId}`,
    );
    expect(search.body.orders[0].detailedStatus).toBe('Authenticated');
    const second = await call(sandbox, 'POST', paths.pay, payBody(started));
    expect(second.body).toMatchObject({ responseCode: '400', detailedResponseCode: '400.005' });
    const answer = await first;
    expect(Date.now() - sent).toBeGreaterThanOrEqual(1190);
    expect(answer.body.responseCode).toBe('000');
    expect(answer.body.order).toMatchObject({ detailedStatus: 'Paid', totalCapturedAmount: 125.5 });
    expect(transactionTypes(await orderOf(started.orderId))).toEqual([
      'Authentication:Success',
      'Pay:Success',
    ]);
    expect(sandbox.inspect.order(started.orderId)).toMatchObject({
      captureCount: 1,
      payAttempts: 1,
    });
  });

  test('it lands even when the client disconnected before it did', async () => {
    sandbox = await startSandbox();
    const started = await startPayment(sandbox, frictionless);
    sandbox.faults.payLandsLate(1, 1000);
    expect(await payAndDisconnect(payBody(started), 100)).toBeInstanceOf(Error);
    expect((await orderOf(started.orderId)).detailedStatus).toBe('Authenticated');
    await sleep(1100);
    expect(await orderOf(started.orderId)).toMatchObject({
      detailedStatus: 'Paid',
      totalCapturedAmount: 125.5,
    });
    expect(sandbox.inspect.order(started.orderId)?.captureCount).toBe(1);
  });

  test('cancelled before it lands: it lands on a Cancelled order and charges nothing', async () => {
    sandbox = await startSandbox();
    const started = await startPayment(sandbox, frictionless);
    sandbox.faults.payLandsLate(1, 1000);
    const pay = call(sandbox, 'POST', paths.pay, payBody(started));
    await sleep(50);
    const cancelled = await call(sandbox, 'POST', paths.cancel, {
      orderId: started.orderId,
      reason: 'TimedOut',
    });
    expect(cancelled.body.responseCode).toBe('000');
    expect((await pay).body.detailedResponseCode).toBe('400.004');
    expect(sandbox.inspect.order(started.orderId)).toMatchObject({
      detailedStatus: 'Cancelled',
      captureCount: 0,
    });
  });
});

test('a client disconnect never cancels a Pay that reached the gateway (no fault set)', async () => {
  // Latency holds the call after its body arrived; the client gives up in the meantime.
  sandbox = await startSandbox({ latencyMs: 600 });
  const started = await startPayment(sandbox, frictionless);
  expect(await payAndDisconnect(payBody(started), 100)).toBeInstanceOf(Error);
  await sleep(800);
  sandbox.faults.setLatency(0);
  expect((await orderOf(started.orderId)).detailedStatus).toBe('Paid');
  expect(sandbox.inspect.order(started.orderId)?.captureCount).toBe(1);
});

describe('orderReadLag: reads show the previous state for a while after each change', () => {
  test('Get order and Search show the order as it was before Pay, then Paid', async () => {
    sandbox = await startSandbox();
    const started = await startPayment(sandbox, frictionless);
    const reference = (await orderOf(started.orderId)).merchantReferenceId;
    sandbox.faults.orderReadLag(1000);
    const paid = await call(sandbox, 'POST', paths.pay, payBody(started));
    expect(paid.body.order.detailedStatus).toBe('Paid');
    const lagging = await orderOf(started.orderId);
    expect(lagging).toMatchObject({ detailedStatus: 'Authenticated', totalCapturedAmount: 0 });
    const search = (filter: string) =>
      call(sandbox, 'GET', `${paths.search}?MerchantReferenceId=${reference}${filter}`);
    expect((await search('')).body.orders[0].detailedStatus).toBe('Authenticated');
    expect((await search('&DetailedStatus=Paid')).body.totalCount).toBe(0);
    await sleep(1050);
    expect((await orderOf(started.orderId)).detailedStatus).toBe('Paid');
    expect((await search('&DetailedStatus=Paid')).body.totalCount).toBe(1);
  });

  test('an order created within the lag is not found yet; 0 removes the lag', async () => {
    sandbox = await startSandbox();
    sandbox.faults.orderReadLag(5_000);
    const started = await startPayment(sandbox, frictionless);
    expect((await call(sandbox, 'GET', paths.order(started.orderId))).body).toMatchObject({
      detailedResponseCode: '200.004',
      order: null,
    });
    sandbox.faults.orderReadLag(0);
    expect((await orderOf(started.orderId)).detailedStatus).toBe('Authenticated');
  });
});

describe('payEndsAs: Pay ends at the gateway in another state', () => {
  test('Reversed: a Pay then a Reversal; nothing taken; not refundable, not cancellable', async () => {
    sandbox = await startSandbox();
    const started = await startPayment(sandbox, frictionless);
    sandbox.faults.payEndsAs(1, 'Reversed');
    const answer = await call(sandbox, 'POST', paths.pay, payBody(started));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ responseCode: '400', detailedResponseCode: '400.006' });
    const order = await orderOf(started.orderId);
    expect(order).toMatchObject({
      status: 'Failed',
      detailedStatus: 'Reversed',
      totalAuthorizedAmount: 0,
      totalCapturedAmount: 0,
    });
    expect(transactionTypes(order)).toEqual([
      'Authentication:Success',
      'Pay:Success',
      'Reversal:Success',
    ]);
    const [, pay, reversal] = order.transactions;
    expect(reversal.parentTransactionId).toBe(pay.transactionId);
    expect(sandbox.inspect.order(started.orderId)).toMatchObject({
      captureCount: 0,
      payAttempts: 1,
    });
    const refund = await call(sandbox, 'POST', paths.refund, { orderId: started.orderId });
    expect(refund.body.detailedResponseCode).toBe('500.001');
    const again = await call(sandbox, 'POST', paths.pay, payBody(started));
    expect(again.body.detailedResponseCode).toBe('400.004');
  });

  test.each([
    ['ClientTimedOut', '400.008'],
    ['ServerTimedOut', '400.007'],
  ] as const)('%s: pending (InProgress) until cancelled; nothing taken', async (ending, code) => {
    sandbox = await startSandbox();
    const started = await startPayment(sandbox, frictionless);
    sandbox.faults.payEndsAs(1, ending);
    const answer = await call(sandbox, 'POST', paths.pay, payBody(started));
    expect(answer.body).toMatchObject({ detailedResponseCode: code });
    const order = await orderOf(started.orderId);
    expect(order).toMatchObject({
      status: 'InProgress',
      detailedStatus: ending,
      totalCapturedAmount: 0,
    });
    expect(transactionTypes(order)).toEqual(['Authentication:Success', 'Pay:InProgress']);
    expect(
      (await call(sandbox, 'POST', paths.pay, payBody(started))).body.detailedResponseCode,
    ).toBe('400.005');
    const cancelled = await call(sandbox, 'POST', paths.cancel, {
      orderId: started.orderId,
      reason: 'TimedOut',
    });
    expect(cancelled.body.order.detailedStatus).toBe('Cancelled');
    expect(transactionTypes(cancelled.body.order)).toEqual([
      'Authentication:Success',
      'Pay:Failed',
    ]);
    expect(sandbox.inspect.order(started.orderId)?.captureCount).toBe(0);
  });
});

test('refuseConnections: a real ECONNREFUSED for a while, then the same port again', async () => {
  sandbox = await startSandbox();
  expect((await call(sandbox, 'GET', paths.search)).status).toBe(200);
  sandbox.faults.refuseConnections(500);
  expect(await connectOutcome(sandbox.url)).toBe('ECONNREFUSED');
  const refused = await call(sandbox, 'GET', paths.search).catch((error: Error) => error);
  expect(refused).toBeInstanceOf(Error);
  await sleep(800);
  expect(await connectOutcome(sandbox.url)).toBe('connected');
  expect((await call(sandbox, 'GET', paths.search)).status).toBe(200);
});

describe('the fault API over HTTP and its caps', () => {
  test('every fault can be set by POST /__sandbox/faults', async () => {
    sandbox = await startSandbox();
    const set = async (body: unknown) =>
      expect((await admin(sandbox, '/__sandbox/faults', body)).status).toBe(204);
    const started = await startPayment(sandbox, frictionless);
    await set({ failNext: { target: 'pay', count: 1, kind: 'reset' } });
    expect(
      await call(sandbox, 'POST', paths.pay, payBody(started)).catch((e: Error) => e),
    ).toBeInstanceOf(Error);
    await set({ payEndsAs: { count: 1, status: 'ServerTimedOut' } });
    expect(
      (await call(sandbox, 'POST', paths.pay, payBody(started))).body.detailedResponseCode,
    ).toBe('400.007');
    const late = await startPayment(sandbox, frictionless);
    await set({ payLandsLate: { count: 1, delayMs: 800 }, orderReadLag: 0 });
    const pay = call(sandbox, 'POST', paths.pay, payBody(late));
    await sleep(50);
    expect((await orderOf(late.orderId)).detailedStatus).toBe('Authenticated');
    expect((await pay).body.responseCode).toBe('000');
    await set({ failAfterCommit: { target: 'refund', count: 1, status: 504 } });
    expect((await call(sandbox, 'POST', paths.refund, { orderId: late.orderId })).status).toBe(504);
    expect((await orderOf(late.orderId)).detailedStatus).toBe('Refunded');
    await set({ orderReadLag: 2000 });
    const lagged = await startPayment(sandbox, frictionless);
    expect((await call(sandbox, 'GET', paths.order(lagged.orderId))).body.order).toBeNull();
    await set({ clear: true });
    expect((await orderOf(lagged.orderId)).detailedStatus).toBe('Authenticated');
    await set({ refuseConnections: 300 });
    expect(await connectOutcome(sandbox.url)).toBe('ECONNREFUSED');
    await sleep(700);
    expect(await connectOutcome(sandbox.url)).toBe('connected');
  });

  test('delays are capped at 60 s everywhere: in-process throws, HTTP answers 400', async () => {
    sandbox = await startSandbox();
    const { faults } = sandbox;
    expect(() => faults.setLatency(60_001)).toThrow();
    expect(() => faults.payLandsLate(1, 60_001)).toThrow();
    expect(() => faults.orderReadLag(60_001)).toThrow();
    expect(() => faults.refuseConnections(60_001)).toThrow();
    faults.setLatency(60_000);
    faults.setLatency(0);
    for (const body of [
      { latencyMs: 60_001 },
      { payLandsLate: { count: 1, delayMs: 600_000 } },
      { orderReadLag: 60_001 },
      { refuseConnections: 60_001 },
    ]) {
      const answer = await admin(sandbox, '/__sandbox/faults', body);
      expect(answer.status).toBe(400);
    }
    await expect(startSandbox({ latencyMs: 60_001 })).rejects.toThrow();
  });
});

describe('the method page duration (a real issuer fingerprints for 0.5–3 s)', () => {
  /** Milliseconds until the method page answers (an empty form: the 400 comes after the wait). */
  const methodPageMs = async () => {
    const started = performance.now();
    const answer = await fetch(`${sandbox.url}/acs/method`, { method: 'POST', body: '' });
    await answer.text();
    return performance.now() - started;
  };

  test('set at start, in process and over HTTP; capped at 60 s; cleared with the faults', async () => {
    sandbox = await startSandbox({ methodPageMs: 300 });
    expect(await methodPageMs()).toBeGreaterThanOrEqual(295);
    sandbox.faults.setMethodPageDuration(0);
    expect(await methodPageMs()).toBeLessThan(250);
    expect((await admin(sandbox, '/__sandbox/faults', { methodPageMs: 400 })).status).toBe(204);
    expect(await methodPageMs()).toBeGreaterThanOrEqual(395);
    expect((await admin(sandbox, '/__sandbox/faults', { clear: true })).status).toBe(204);
    expect(await methodPageMs()).toBeLessThan(250);
    expect(() => sandbox.faults.setMethodPageDuration(60_001)).toThrow();
    expect((await admin(sandbox, '/__sandbox/faults', { methodPageMs: 60_001 })).status).toBe(400);
  });
});
