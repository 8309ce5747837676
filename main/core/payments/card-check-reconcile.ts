import type { Result } from '../../../shared/result';
import type { GatewayClient } from '../gateway/gateway-client';
import type { CardCheckJournal } from '../journal/card-checks';
import type { Logger } from '../ports';
import type { GatewayAccess, GatewayAccessError } from './gateway-access';

/**
 * Cancels a card check's order (still in progress: nothing was paid on it) with the reason
 * `CancelledByUser` and records how that ended. A refusal is final (`abandoned`); a call that
 * got no answer leaves the check `cancelling`, for the next start-up to try again.
 */
export async function cancelCheckOrder(
  checks: CardCheckJournal,
  client: GatewayClient,
  check: { checkId: string; orderId: string },
  reason: string,
): Promise<void> {
  checks.update(check.checkId, { state: 'cancelling', detail: reason });
  const cancelled = await client.cancelOrder({ orderId: check.orderId, reason: 'CancelledByUser' });
  if (cancelled.ok) {
    checks.update(check.checkId, { state: 'cancelled', detail: reason });
  } else if (cancelled.error.kind === 'refused') {
    checks.update(check.checkId, { state: 'abandoned', detail: 'cancel refused' });
  }
}

/**
 * Start-up: card checks a crash left open. One with an order is cancelled at the gateway it
 * used; one whose Initiate never answered has no order we could name, and ends `abandoned`
 * (the gateway lets such an order lapse with its session).
 */
export async function reconcileCardChecks(
  checks: CardCheckJournal,
  /** The gateway and merchant account the check used, whatever the settings say now. */
  accessFor: (record: {
    gatewayBaseUrl: string;
    merchantPublicKey: string;
  }) => Promise<Result<GatewayAccess, GatewayAccessError>>,
  logger: Logger,
): Promise<void> {
  for (const record of checks.unfinished()) {
    const { checkId, orderId } = record;
    if (!orderId) {
      checks.update(checkId, { state: 'abandoned', detail: 'interrupted' });
      continue;
    }
    const access = await accessFor(record);
    if (!access.ok) {
      logger.warn('card check left open until the gateway can be reached', {
        checkId,
        reason: access.error,
      });
      continue;
    }
    await cancelCheckOrder(checks, access.value.client, { checkId, orderId }, 'interrupted');
    logger.info('interrupted card check reconciled', { checkId });
  }
}
