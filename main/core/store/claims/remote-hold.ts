import type { Currency } from '../../../../shared/money/currencies';
import type { GatewayClient } from '../../gateway/gateway-client';
import { failureFromGatewayError } from '../../payments/failure-from-gateway';
import {
  holdEndingFromOrder,
  readHold,
  type HeldOrder,
  type HoldAction,
} from '../../payments/holds/hold-reading';
import { pollOrder } from '../../payments/order-polling';
import type { HoldClaims } from './hold-claims';
import { definitelyNotDone, type RemoteRefundActor } from './remote-refund';

export interface RemoteHoldDeps {
  claims: HoldClaims;
  gateway: Pick<GatewayClient, 'getOrder' | 'capture' | 'release'>;
  counterId: string;
  /** How long a capture or release may stay in doubt (EngineTuning.refundSettleMs). */
  settleMs: number;
  retryDelaysMs: readonly number[];
  sleep: (ms: number) => Promise<void>;
}

/** Another counter's hold, as the store shows it: the amount is what was authorized. */
export interface RemoteHold {
  orderId: string;
  currency: Currency;
  amountMinor: number;
}

/**
 * - `captured` / `released`: the hold ended so, by this request.
 * - `in-doubt`: the answer was lost; the claim blocks any other action on the hold until it
 *   settles.
 * - `refused`: nothing was sent (`store-hold-action-in-doubt`, `hold-not-held`, store
 *   offline), or the gateway refused it.
 * - `error`: the order could not be read; nothing was sent.
 */
export type RemoteHoldResult =
  | { outcome: 'captured' | 'released' | 'in-doubt' }
  | { outcome: 'refused' | 'error'; code: string };

const codes = {
  capture: { kind: 'capture-sent', refused: 'capture-refused', ended: 'captured' },
  release: { kind: 'release-sent', refused: 'release-refused', ended: 'released' },
} as const;

/**
 * Captures or releases a hold another counter took: read the order, claim the
 * action in the store under the order's lock (one action in doubt on a hold blocks every
 * other, so a release never meets a capture that landed, and a hold is captured once, in
 * full), send it, record the answer. A lost answer is settled from Get order at once when
 * the order shows the action (no other action could have been in flight: the claim blocked
 * them); otherwise the claim stays in doubt until its deadline.
 */
export async function actOnOtherCountersHold(
  deps: RemoteHoldDeps,
  hold: RemoteHold,
  action: HoldAction,
  actor: RemoteRefundActor = { operatorId: null, approverId: null },
): Promise<RemoteHoldResult> {
  const spec = codes[action];
  const held: HeldOrder = hold;
  const before = await deps.gateway.getOrder(hold.orderId);
  if (!before.ok) {
    return {
      outcome: 'error',
      code: failureFromGatewayError(before.error, spec.refused).code,
    };
  }
  const standing = readHold(before.value.order, held);
  let claim;
  try {
    claim = await deps.claims.claim({
      counterId: deps.counterId,
      order: hold,
      standing,
      kind: spec.kind,
      settleMs: deps.settleMs,
      ...actor,
    });
  } catch {
    return { outcome: 'refused', code: 'store-offline-other-counter' };
  }
  if (!claim.ok) {
    return {
      outcome: 'refused',
      code: claim.reason === 'in-doubt' ? 'store-hold-action-in-doubt' : 'hold-not-held',
    };
  }
  const { claimId } = claim;
  const settle = (state: 'done' | 'not-done') =>
    deps.claims.settle(claimId, { state, refundedAfterMinor: null }).catch(() => undefined);

  const answer = await (action === 'capture'
    ? deps.gateway.capture(hold.orderId)
    : deps.gateway.release(hold.orderId));
  if (answer.ok && holdEndingFromOrder(action, answer.value.order, held, false) === spec.ended) {
    await settle('done');
    return { outcome: spec.ended };
  }
  if (!answer.ok && definitelyNotDone(answer.error)) {
    await settle('not-done');
    return { outcome: 'refused', code: failureFromGatewayError(answer.error, spec.refused).code };
  }
  const shows = (order: Parameters<typeof readHold>[0]) =>
    holdEndingFromOrder(action, order, held, false) === spec.ended;
  const read = await pollOrder(deps.gateway, hold.orderId, deps.retryDelaysMs, deps.sleep, shows);
  if (read.ok && shows(read.value)) {
    await settle('done');
    return { outcome: spec.ended };
  }
  return { outcome: 'in-doubt' };
}
