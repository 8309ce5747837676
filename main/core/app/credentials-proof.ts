import { parseGatewayBaseUrl } from '../gateway/base-url';
import type { ConnectionPool } from '../gateway/connection-pool';
import { createGatewayClient } from '../gateway/gateway-client';
import type { GatewayTimeouts } from '../gateway/timeouts';
import { failureFromGatewayError } from '../payments/failure-from-gateway';
import { CodedFailure } from '../coded-failure';
import type { Clock, GatewayCredentials, Logger } from '../ports';
import type { ModeGateway } from './mode-gateways';

/** Longest the operator waits for Test connection's one call. */
const proofLimitMs = 10_000;

/**
 * A merchant reference no sale can have (sales get `PD-…`): the search finds nothing, so the
 * call reads no customer's data and changes nothing on the gateway.
 */
const probeReference = 'PAYDESK-CONNECTION-TEST';

/**
 * Test connection's call: an order search on the live gateway for a reference that does not
 * exist. It needs the merchant's Basic credential like every call (a wrong key or password is
 * refused with 401, a wrong address does not connect), but creates no session or order, so
 * it can run any number of times. A refusal is thrown as the code the operator reads.
 */
export function proveOnLiveGateway(deps: {
  liveGateway: ModeGateway;
  pool: ConnectionPool;
  timeouts: GatewayTimeouts;
  language: () => 'en' | 'ar';
  logger: Logger;
  clock: Clock;
}): (credentials: GatewayCredentials) => Promise<void> {
  return async (credentials) => {
    const baseUrl = parseGatewayBaseUrl(deps.liveGateway.baseUrl());
    if (!baseUrl.ok) throw new CodedFailure('credentials-need-gateway');
    const client = createGatewayClient({
      baseUrl: baseUrl.value,
      credentials,
      dispatcher: deps.pool.dispatcher(baseUrl.value.origin),
      timeouts: deps.timeouts,
      language: deps.language(),
      logger: deps.logger,
      now: () => deps.clock.now(),
    });
    const answer = await client.searchOrders(
      { merchantReferenceId: probeReference, skip: 0, take: 1 },
      AbortSignal.timeout(proofLimitMs),
    );
    if (answer.ok) return;
    // Our own time limit aborts the call: for the operator that is the gateway not answering.
    const failure =
      answer.error.kind === 'aborted'
        ? { code: 'gateway-timeout', correlationId: null }
        : failureFromGatewayError(answer.error, 'gateway-refused');
    throw new CodedFailure(failure.code, undefined, failure.correlationId);
  };
}
