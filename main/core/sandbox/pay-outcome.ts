import { gatewayCodes, type GatewayCode } from './codes';
import type { PayEnding } from './faults';
import type { SandboxEnvironment } from './operation-context';
import { addApprovedTransaction, addTransaction } from './order-lifecycle';
import type { OrderRecord } from './state';

const declines: Partial<Record<OrderRecord['outcome'], readonly [GatewayCode, string, string]>> = {
  'decline-insufficient-funds': [gatewayCodes.insufficientFunds, '51', 'Insufficient funds'],
  'decline-do-not-honour': [gatewayCodes.doNotHonour, '05', 'Do not honour'],
};

const timeouts: Record<Exclude<PayEnding, 'Reversed'>, GatewayCode> = {
  ClientTimedOut: gatewayCodes.payClientTimedOut,
  ServerTimedOut: gatewayCodes.payServerTimedOut,
};

/** The session asked for a hold: Pay authorizes only, Capture takes the money later. */
const isHold = (order: OrderRecord): boolean => order.paymentOperation === 'PreAuthorize';

/**
 * What an accepted Pay does to the order: authorizes and captures in one message (or only
 * authorizes, for a PreAuthorize session), declines by test card, or ends as the payEndsAs
 * fault says: `Reversed` (authorized, then a Reversal: nothing taken) or timed out (the Pay
 * transaction stays InProgress and the order pending until it is cancelled).
 */
export const chargeOrder = (
  env: SandboxEnvironment,
  order: OrderRecord,
  ending: PayEnding | null,
): GatewayCode => {
  env.readLag.willChange(order);
  order.payAttempts += 1;
  const decline = declines[order.outcome];
  if (decline) {
    const [code, acquirerCode, acquirerMessage] = decline;
    addTransaction(env, order, {
      type: 'Pay',
      status: 'Failed',
      amountMinor: order.amountMinor,
      code,
      acquirerCode,
      acquirerMessage,
    });
    order.detailedStatus = 'PayFailed';
    return code;
  }
  const type = isHold(order) ? 'Authorization' : 'Pay';
  if (ending === 'ClientTimedOut' || ending === 'ServerTimedOut') {
    addTransaction(env, order, {
      type,
      status: 'InProgress',
      amountMinor: order.amountMinor,
      code: timeouts[ending],
      acquirerCode: '68',
      acquirerMessage: 'Response received too late',
    });
    order.detailedStatus = ending;
    return timeouts[ending];
  }
  const approved = addApprovedTransaction(env, order, type, order.amountMinor);
  if (ending === 'Reversed') {
    addApprovedTransaction(env, order, 'Reversal', order.amountMinor, approved.id);
    order.detailedStatus = 'Reversed';
    return gatewayCodes.payReversed;
  }
  if (type === 'Authorization') {
    order.detailedStatus = 'Authorized';
  } else {
    order.captureCount += 1;
    order.detailedStatus = 'Paid';
  }
  return gatewayCodes.success;
};
