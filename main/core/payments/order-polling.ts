import type { GatewayClient } from '../gateway/gateway-client';
import type { GatewayResult } from '../gateway/gateway-error';
import type { GatewayOrder } from '../gateway/order-schema';

/**
 * Get order, retried after each pause in `delaysMs` until it answers and `settled` accepts
 * the order (a charge still in progress is not settled). Resolves with the last reading,
 * which the caller judges again: it may still be unsettled or an error.
 */
export async function pollOrder(
  client: Pick<GatewayClient, 'getOrder'>,
  orderId: string,
  delaysMs: readonly number[],
  sleep: (ms: number) => Promise<void>,
  settled: (order: GatewayOrder) => boolean,
): Promise<GatewayResult<GatewayOrder>> {
  let last: GatewayResult<GatewayOrder> = {
    ok: false,
    error: { kind: 'network', operation: 'order', detail: 'not asked' },
  };
  for (const delay of delaysMs) {
    await sleep(delay);
    const read = await client.getOrder(orderId);
    last = read.ok ? { ...read, value: read.value.order } : read;
    if (last.ok && settled(last.value)) break;
  }
  return last;
}
