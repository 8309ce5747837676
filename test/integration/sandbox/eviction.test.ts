import { afterEach, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../../main/core/sandbox';
import { call, payBody, paths, startPayment } from './sandbox-client';

// Training mode runs the sandbox for days: its sessions and orders are bounded, the least
// recently used forgotten first (docs/sandbox.md, "Memory").

let sandbox: Sandbox;
afterEach(() => sandbox.close());

test('past the limits the least recently used sessions and orders are forgotten', async () => {
  sandbox = await startSandbox({ limits: { maxSessions: 3, maxOrders: 3 } });
  const payments = [];
  for (let i = 0; i < 3; i += 1) payments.push(await startPayment(sandbox, '5123456789012346'));
  const [oldest, middle, newest] = payments;
  if (!oldest || !middle || !newest) throw new Error('three payments expected');
  // Reading the oldest order makes it the most recently used: the middle one goes first.
  expect((await call(sandbox, 'GET', paths.order(oldest.orderId))).body.responseCode).toBe('000');
  const fourth = await startPayment(sandbox, '5123456789012346');
  expect(sandbox.inspect.orders().map((order) => order.orderId)).toEqual([
    oldest.orderId,
    newest.orderId,
    fourth.orderId,
  ]);
  const forgotten = await call(sandbox, 'GET', paths.order(middle.orderId));
  expect(forgotten.body).toMatchObject({ detailedResponseCode: '200.004', order: null });
  expect((await call(sandbox, 'POST', paths.pay, payBody(middle))).body.detailedResponseCode).toBe(
    '200.004',
  );
  // Sessions are used at Initiate: the oldest one went when the fourth was created, so the
  // oldest order, still known, can no longer be paid.
  expect((await call(sandbox, 'POST', paths.pay, payBody(oldest))).body.detailedResponseCode).toBe(
    '200.001',
  );
  expect((await call(sandbox, 'POST', paths.pay, payBody(fourth))).body.responseCode).toBe('000');
  const search = await call(sandbox, 'GET', paths.search);
  expect(search.body.totalCount).toBe(3);
});

test('the default limits keep 10 000 sessions and orders', async () => {
  sandbox = await startSandbox();
  const { defaultStateLimits } = await import('../../../main/core/sandbox/state');
  expect(defaultStateLimits).toEqual({ maxSessions: 10_000, maxOrders: 10_000, maxTokens: 10_000 });
});
