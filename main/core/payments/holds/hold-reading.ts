import type { GatewayOrder } from '../../gateway/order-schema';
import { readOrderState } from '../order-state';

/** A held order as every holder of one (a card sale, a payment link) knows it. */
export interface HeldOrder {
  orderId: string;
  amountMinor: number;
  currency: string;
}

/** What is being done to a hold: taken in full (capture) or given back (release). */
export type HoldAction = 'capture' | 'release';

/**
 * Where a hold stands at the gateway:
 * - `held`: still `Authorized` for the amount held;
 * - `captured`: taken in full (`Captured`, or paid for the whole amount);
 * - `voided`: released (a `Void` of the authorization);
 * - `lapsed`: given back without a void of ours (the issuer let it expire: `Reversed`);
 * - `unknown`: still moving, unreadable, or not matching the hold: never guessed.
 */
export type HoldStanding = 'held' | 'captured' | 'voided' | 'lapsed' | 'unknown';

/** The one reading of an order for holds, through the same table as every other read. */
export function readHold(order: GatewayOrder, held: HeldOrder): HoldStanding {
  const reading = readOrderState(order);
  if (
    reading.currency !== held.currency ||
    order.orderId.toLowerCase() !== held.orderId.toLowerCase()
  ) {
    return 'unknown';
  }
  switch (reading.verdict) {
    case 'held':
      return reading.amountMinor === held.amountMinor ? 'held' : 'unknown';
    case 'paid':
      return reading.capturedMinor === held.amountMinor ? 'captured' : 'unknown';
    case 'reversed':
      return reading.detailedStatus === 'Voided' ? 'voided' : 'lapsed';
    case 'not-paid':
    case 'pending':
      return 'unknown';
  }
}

/** How a hold ends, or goes back to held when the gateway proves the action never happened. */
export type HoldEnding = 'captured' | 'released' | 'hold-expired' | 'held';

/**
 * What the order proves about a capture or release sent without a known answer.
 * - Taken: captured. Voided: released.
 * - Given back otherwise (`Reversed`): released if we sent a release (the gateway may name
 *   its void so), else the hold lapsed.
 * - Still held: before the deadline nothing (the action may still land; reads lag); after
 *   it, the action did not happen and the hold stands.
 * - Anything unclear: nothing (null), whatever the deadline: a supervisor looks.
 */
export function holdEndingFromOrder(
  action: HoldAction | null,
  order: GatewayOrder,
  held: HeldOrder,
  deadlinePassed: boolean,
): HoldEnding | null {
  switch (readHold(order, held)) {
    case 'captured':
      return 'captured';
    case 'voided':
      return 'released';
    case 'lapsed':
      return action === 'release' ? 'released' : 'hold-expired';
    case 'held':
      return deadlinePassed ? 'held' : null;
    case 'unknown':
      return null;
  }
}
