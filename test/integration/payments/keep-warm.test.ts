import { afterEach, describe, expect, it } from 'vitest';
import { startTcpDelayProxy, type TcpDelayProxy } from '../../bench/tcp-delay-proxy';
import { startPaymentHarness, type PaymentHarness } from './fixtures/payment-harness';

let h: PaymentHarness | null = null;
let proxy: TcpDelayProxy | null = null;
afterEach(async () => {
  await h?.close();
  await proxy?.close();
});

const until = async (condition: () => boolean, ms = 3_000) => {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return condition();
};

describe('a prepared sale keeps its connection warm', () => {
  it('reopens the connection the server closed, so Enter pays no handshake', async () => {
    h = await startPaymentHarness({ baseUrl: () => proxy?.url ?? '' });
    proxy = await startTcpDelayProxy(h.sandbox.url, 0);
    const sale = h.sale('5123456789012346');
    const prepare = {
      amount: sale.amount,
      currency: sale.currency,
      merchantReferenceId: sale.merchantReferenceId,
    };
    expect(await h.service.prepare(prepare)).toEqual({ prepared: true });
    expect(proxy.connections).toBe(1);

    // The server drops the idle connection while the operator types the card.
    proxy.dropConnections();
    expect(await until(() => proxy?.connections === 2)).toBe(true);

    const result = await h.pay(sale);
    expect(result.outcome).toBe('paid');
    expect(h.steps).not.toContain('creating-session');
    // Initiate and Pay rode the connection opened ahead of them.
    expect(proxy.connections).toBe(2);
  });
});
