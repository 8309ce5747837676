import { afterEach, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../../main/core/sandbox';
import { admin, call, payBody, paths, sessionBody, startPayment } from './sandbox-client';

let sandbox: Sandbox;
afterEach(() => sandbox.close());

describe('faults', () => {
  test('latency is added to every API call', async () => {
    sandbox = await startSandbox({ latencyMs: 150 });
    const started = Date.now();
    await call(sandbox, 'GET', paths.search);
    expect(Date.now() - started).toBeGreaterThanOrEqual(145);
    sandbox.faults.setLatency(0);
    const quick = Date.now();
    await call(sandbox, 'GET', paths.search);
    expect(Date.now() - quick).toBeLessThan(145);
  });

  test('the next N calls to an operation fail with 500 or 503, then it works again', async () => {
    sandbox = await startSandbox();
    sandbox.faults.failNext('session', 1, 503);
    sandbox.faults.failNext('/direct/session', 1, 500);
    const first = await call(sandbox, 'POST', paths.session, sessionBody(sandbox));
    expect(first.status).toBe(503);
    expect(first.body.detailedResponseCode).toBe('999.503');
    expect((await call(sandbox, 'POST', paths.session, sessionBody(sandbox))).status).toBe(500);
    expect(
      (await call(sandbox, 'POST', paths.session, sessionBody(sandbox))).body.responseCode,
    ).toBe('000');
  });

  test('a hanging call never answers; the client gives up and close still finishes promptly', async () => {
    sandbox = await startSandbox();
    sandbox.faults.failNext('search', 1, 'hang');
    const aborted = call(sandbox, 'GET', paths.search, undefined, {}).catch(
      (error: Error) => error,
    );
    const raced = await Promise.race([
      aborted,
      new Promise((resolve) => setTimeout(() => resolve('hung'), 300)),
    ]);
    expect(raced).toBe('hung');
    const closing = Date.now();
    await sandbox.close();
    expect(Date.now() - closing).toBeLessThan(1000);
    expect(await aborted).toBeInstanceOf(Error);
    sandbox = await startSandbox();
  });

  test('a lost Pay answer: the order is Paid with one capture, the connection drops unanswered', async () => {
    sandbox = await startSandbox();
    const started = await startPayment(sandbox, '5123456789012346');
    sandbox.faults.losePayAnswer(1);
    const outcome = await call(sandbox, 'POST', paths.pay, payBody(started)).catch(
      (error: Error) => error,
    );
    expect(outcome).toBeInstanceOf(Error);
    const order = await call(sandbox, 'GET', paths.order(started.orderId));
    expect(order.body.order).toMatchObject({ detailedStatus: 'Paid', totalCapturedAmount: 125.5 });
    expect(sandbox.inspect.order(started.orderId)?.captureCount).toBe(1);
    const retried = await call(sandbox, 'POST', paths.pay, payBody(started));
    expect(retried.body.detailedResponseCode).toBe('400.001');
    expect(sandbox.inspect.order(started.orderId)?.captureCount).toBe(1);
  });

  test('admin surface: faults by HTTP and order snapshots, with the admin credential only', async () => {
    sandbox = await startSandbox();
    const faults = (body: unknown, token?: string | null) =>
      admin(sandbox, '/__sandbox/faults', body, token);
    const failSearch = { failNext: { target: 'search', count: 1, kind: 503 } };
    expect((await faults(failSearch, null)).status).toBe(401);
    expect((await faults(failSearch, 'not-the-token')).status).toBe(401);
    expect((await faults(failSearch, sandbox.merchantPublicKey)).status).toBe(401);
    expect((await call(sandbox, 'GET', paths.search)).status).toBe(200);
    expect((await faults(failSearch)).status).toBe(204);
    expect((await call(sandbox, 'GET', paths.search)).status).toBe(503);
    const refused = await faults({ failNext: { target: 'search', count: 0, kind: 503 } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toContain('failNext.count');
    const started = await startPayment(sandbox, '5123456789012346');
    await call(sandbox, 'POST', paths.pay, payBody(started));
    expect(
      (await admin(sandbox, `/__sandbox/orders/${started.orderId}`, undefined, null)).status,
    ).toBe(401);
    const snapshot = await (await admin(sandbox, `/__sandbox/orders/${started.orderId}`)).json();
    expect(snapshot).toMatchObject({
      orderId: started.orderId,
      captureCount: 1,
      detailedStatus: 'Paid',
    });
    expect(JSON.stringify(snapshot)).not.toContain(started.cardNumber);
  });

  test('every start has its own admin token; a given one is used as is', async () => {
    sandbox = await startSandbox();
    const other = await startSandbox({ adminToken: 'a-fixed-admin-token-for-tests' });
    try {
      expect(sandbox.adminToken).toMatch(/^[\w-]{32}$/);
      expect(other.adminToken).toBe('a-fixed-admin-token-for-tests');
      expect(
        (await admin(other, '/__sandbox/faults', { clear: true }, sandbox.adminToken)).status,
      ).toBe(401);
      expect((await admin(other, '/__sandbox/faults', { clear: true })).status).toBe(204);
    } finally {
      await other.close();
    }
  });
});
