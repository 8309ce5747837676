import type { ConnectionPool } from '../gateway/connection-pool';
import type { GatewayTimeouts } from '../gateway/timeouts';
import { openGatewayAccess } from '../payments/gateway-access';
import type { Clock, Logger } from '../ports';
import type { SettingsService } from '../settings/settings-service';
import type { ReadOrder } from '../store/claims/confirm-actions-elsewhere';
import type { ModeGateway } from './mode-gateways';

/** Longest a background read may take: a round waits for its slowest read. */
const readLimitMs = 10_000;

/**
 * Get order for one of the live journal's payments, on the gateway and merchant account it
 * was made with (as its own refunds and settlement read it), for the store's confirmation
 * of what other counters did to it. Any failure (no credentials, another gateway now, an
 * error or a timeout) reads as nothing: nothing is adopted, the next round asks again.
 */
export function orderOnLiveGateway(deps: {
  liveGateway: ModeGateway;
  settings: SettingsService;
  pool: ConnectionPool;
  timeouts: GatewayTimeouts;
  logger: Logger;
  clock: Clock;
}): ReadOrder {
  const source = {
    gateway: () => ({ baseUrl: deps.liveGateway.baseUrl() }),
    secrets: { credentials: deps.liveGateway.credentials },
    language: () => deps.settings.current().language,
    pool: deps.pool,
    timeouts: deps.timeouts,
    logger: deps.logger,
    clock: deps.clock,
  };
  return async (payment) => {
    const access = await openGatewayAccess(source, {
      baseUrl: payment.gatewayBaseUrl,
      merchantPublicKey: payment.merchantPublicKey,
    });
    if (!access.ok) return null;
    const read = await access.value.client.getOrder(
      payment.orderId,
      AbortSignal.timeout(readLimitMs),
    );
    return read.ok ? read.value.order : null;
  };
}
