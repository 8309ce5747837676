import type { Failure } from '../../../../shared/ipc';
import type { GatewayOrder } from '../../gateway/order-schema';
import type { HeldOrder, HoldAction, HoldEnding } from './hold-reading';

/** Where a record holding an order stands, as its journal says. */
export type HoldPhase = 'held' | 'capture-sent' | 'release-sent' | 'ended';

export interface HoldRecord {
  /** Attempt id (card sale) or link id (payment link). */
  recordId: string;
  held: HeldOrder;
  phase: HoldPhase;
  /** Wall-clock epoch ms before which "still held" is no answer to an action in doubt. */
  settleAfter: number | null;
}

/**
 * The journal side of holds, one per kind of record (card attempts here; payment links
 * bring their own). Every method is one durable journal transaction: `sent` before the
 * request leaves, `settle` with the transition that makes the outcome final (and its ledger
 * entry), so capture and release share the exactly-once rules whoever holds the order.
 */
export interface HoldStore {
  load(recordId: string): HoldRecord | null;
  /** Journalled before the capture or release is sent: the record is in doubt until settled. */
  sent(recordId: string, action: HoldAction, settleAfter: number): void;
  /**
   * The ending the gateway proved (or `held`: the action did not happen, with why). `order`
   * is the gateway's order that proved it, when one was read.
   */
  settle(
    recordId: string,
    ending: HoldEnding,
    order: GatewayOrder | null,
    failure: Failure | null,
    step: string,
  ): void;
}
