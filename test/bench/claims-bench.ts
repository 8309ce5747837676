import { performance } from 'node:perf_hooks';
import { defaultGatewayTimeouts } from '../../main/core/gateway/timeouts';
import { startSandbox } from '../../main/core/sandbox';
import { startClaimCounter, type ClaimCounter } from '../integration/store/claim-counter';
import { migratedStore } from '../integration/store/store-counter';
import { startPgCluster } from '../support/pg-cluster';

/**
 * Store claims under load: 1,000 refund attempts at once over 100 paid orders of
 * 100.00 from 20 counters (each its own store pool and gateway connection), some answers
 * lost. `over_refunded` counts orders the gateway shows refunded beyond their amount, plus
 * refunds that reached the gateway asking more than was left (the gateway refused them):
 * claims must stop both before anything is sent. Target 0.
 */
const orders = 100;
const attempts = 1_000;
const counters = 20;
const orderMinor = 10_000;

export async function overRefundFigures(log: (line: string) => void) {
  const cluster = await startPgCluster();
  const sandbox = await startSandbox();
  const started: ClaimCounter[] = [];
  try {
    const url = await cluster.createDatabase('claims');
    await migratedStore(url);
    const access = {
      url: sandbox.url,
      merchantPublicKey: sandbox.merchantPublicKey,
      apiPassword: sandbox.apiPassword,
    };
    for (let n = 1; n <= counters; n += 1) {
      // Fifty refunds in flight on one counter queue for its gateway connections: the
      // default timeouts, not the tests' short ones.
      started.push(
        await startClaimCounter(url, `claims-${n}`, access, { timeouts: defaultGatewayTimeouts }),
      );
    }
    const orderIds = sandbox.faults.plantOrder({
      amountMinor: orderMinor,
      currency: 'SAR',
      count: orders,
    });
    // One answer in twenty is lost after the gateway refunded.
    sandbox.faults.failAfterCommit('refund', attempts / 20, 502);
    const begin = performance.now();
    const results = await Promise.all(
      Array.from({ length: attempts }, (_, i) => {
        const counter = started[i % counters]!;
        const orderId = orderIds[(i * 7) % orders]!;
        // Mostly partial refunds of 10.00 to 60.00, every fifth one "all that is left".
        const amount = i % 5 === 0 ? null : 1_000 * (1 + (i % 6));
        return counter.refund({ orderId, currency: 'SAR' }, amount);
      }),
    );
    const took = Math.round(performance.now() - begin);
    const count = (check: (r: (typeof results)[number]) => boolean) => results.filter(check).length;
    const refusedByGateway = count((r) => r.outcome === 'refused' && r.code === 'refund-refused');
    const overAtGateway = orderIds.filter(
      (id) => Math.round((sandbox.inspect.order(id)?.refundedAmount ?? 0) * 100) > orderMinor,
    ).length;
    log(
      `claims bench: ${attempts} refund attempts in ${took} ms: ` +
        `${count((r) => r.outcome === 'refunded')} refunded, ` +
        `${count((r) => r.outcome === 'in-doubt')} in doubt, ` +
        `${count((r) => r.outcome === 'refused' && r.code === 'refund-over-remaining')} refused by claims, ` +
        `${refusedByGateway} refused by the gateway, ${count((r) => r.outcome === 'error')} errors ` +
        `(${[...new Set(results.flatMap((r) => (r.outcome === 'error' ? [r.code] : [])))].join(', ') || 'none'})`,
    );
    return { overRefunded: overAtGateway + refusedByGateway, tookMs: took };
  } finally {
    for (const counter of started) await counter.close();
    await sandbox.close();
    cluster.destroy();
  }
}
