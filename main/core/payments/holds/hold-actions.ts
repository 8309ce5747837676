import type { Failure } from '../../../../shared/ipc';
import { ok, type Result } from '../../../../shared/result';
import type { GatewayClient } from '../../gateway/gateway-client';
import { neverLeft, type GatewayError } from '../../gateway/gateway-error';
import type { GatewayOrder } from '../../gateway/order-schema';
import type { Clock } from '../../ports';
import { createDeadlines, monotonicNow } from '../deadlines';
import { refusal, type EngineResult } from '../engine-failure';
import type { PaymentFailureCode } from '../../../../shared/failures/payment-failures';
import { failureFromGatewayError, failureOf } from '../failure-from-gateway';
import type { GatewayAccessError } from '../gateway-access';
import { pollOrder } from '../order-polling';
import {
  holdEndingFromOrder,
  readHold,
  type HoldAction,
  type HoldEnding,
  type HoldStanding,
} from './hold-reading';
import type { HoldRecord, HoldStore } from './hold-store';

export interface HoldDeps {
  store: HoldStore;
  /** The gateway and merchant account the record itself used. */
  clientFor: (recordId: string) => Promise<Result<GatewayClient, GatewayAccessError>>;
  clock: Clock;
  /** How long after sending "still held" is no answer yet (a late capture, lagging reads). */
  settleMs: number;
  /** Pauses before each Get order while an action is in doubt, before answering. */
  retryDelaysMs: readonly number[];
  sleep: (ms: number) => Promise<void>;
}

/** What the operator is told: the hold's ending, or why nothing changed. */
export type HoldOutcome =
  'captured' | 'released' | 'hold-expired' | 'refused' | 'in-doubt' | 'error';

export interface HoldActionResult {
  outcome: HoldOutcome;
  failure: Failure | null;
}

const failureCodes = {
  capture: {
    refused: 'capture-refused',
    unknown: 'capture-outcome-unknown',
    notCompleted: 'capture-not-completed',
  },
  release: {
    refused: 'release-refused',
    unknown: 'release-outcome-unknown',
    notCompleted: 'release-not-completed',
  },
} as const satisfies Record<HoldAction, Record<string, PaymentFailureCode>>;

/** What an order found before sending says instead of "still held". */
const settledBefore: Record<Exclude<HoldStanding, 'held' | 'unknown'>, HoldEnding> = {
  captured: 'captured',
  voided: 'released',
  lapsed: 'hold-expired',
};

const phaseAction = (record: HoldRecord): HoldAction | null =>
  record.phase === 'capture-sent' ? 'capture' : record.phase === 'release-sent' ? 'release' : null;

/**
 * Capture and release of a hold, exactly once, with Pay's in-doubt rules (DESIGN.md §3):
 * the order is read first (a capture or release made elsewhere, or a lapse, counts), the
 * action is journalled as sent before it leaves, a lost answer is settled by Get order only
 * (now, in the background, or at start-up), and an action is never repeated by itself.
 * Whoever holds the order (a card sale, a payment link) brings its own `HoldStore`; one
 * action per order at a time, whichever record names it.
 */
export function createHolds(deps: HoldDeps) {
  const { store, clock } = deps;
  const deadlines = createDeadlines(clock, deps.settleMs);
  const busyOrders = new Set<string>();
  const claim = (orderId: string) => {
    const key = orderId.toLowerCase();
    if (busyOrders.has(key)) return null;
    busyOrders.add(key);
    return () => void busyOrders.delete(key);
  };
  const passed = (record: HoldRecord) =>
    deadlines.passed({ attemptId: record.recordId, settleAfter: record.settleAfter, updatedAt: 0 });

  const settle = (
    record: HoldRecord,
    ending: HoldEnding,
    order: GatewayOrder | null,
    failure: Failure | null,
    step: string,
  ) => {
    store.settle(record.recordId, ending, order, failure, step);
    deadlines.forget(record.recordId);
  };

  const outcomeOf = (ending: HoldEnding, failure: Failure | null): HoldActionResult => ({
    outcome: ending === 'held' ? 'refused' : ending,
    failure,
  });

  /** The gateway refused the action (HTTP 200, non-000): its order, or a fresh read, says why. */
  async function judgeRefusal(
    client: GatewayClient,
    record: HoldRecord,
    action: HoldAction,
    error: Extract<GatewayError, { kind: 'refused' }>,
  ): Promise<HoldActionResult> {
    let order = error.order ?? null;
    if (!order) {
      const read = await client.getOrder(record.held.orderId);
      order = read.ok ? read.value.order : null;
    }
    // A refusal is the gateway's "no": the hold stands unless the order shows otherwise.
    const ending = (order && holdEndingFromOrder(action, order, record.held, true)) ?? 'held';
    const failure =
      ending === 'held' ? failureFromGatewayError(error, failureCodes[action].refused) : null;
    settle(record, ending, order, failure, action);
    return outcomeOf(ending, failure);
  }

  async function send(
    client: GatewayClient,
    record: HoldRecord,
    action: HoldAction,
  ): Promise<HoldActionResult> {
    const { held } = record;
    deadlines.set(record.recordId, monotonicNow(clock), deps.settleMs);
    store.sent(record.recordId, action, clock.now() + deps.settleMs);
    const sent = { ...record, phase: `${action}-sent` as const };
    const answer =
      action === 'capture'
        ? await client.capture(held.orderId)
        : await client.release(held.orderId);
    if (answer.ok) {
      const ending = holdEndingFromOrder(action, answer.value.order, held, false);
      if (ending) {
        settle(sent, ending, answer.value.order, null, action);
        return outcomeOf(ending, null);
      }
    } else {
      const { error } = answer;
      if (error.kind === 'refused') return judgeRefusal(client, sent, action, error);
      if ((error.kind === 'http' && error.status < 500) || neverLeft(error)) {
        const failure = failureFromGatewayError(error, failureCodes[action].refused);
        settle(sent, 'held', null, failure, action);
        return { outcome: 'error', failure };
      }
    }
    const read = await pollOrder(
      client,
      held.orderId,
      deps.retryDelaysMs,
      deps.sleep,
      (order) => holdEndingFromOrder(action, order, held, false) !== null,
    );
    const ending = read.ok ? holdEndingFromOrder(action, read.value, held, false) : null;
    if (read.ok && ending) {
      settle(sent, ending, read.value, null, action);
      return outcomeOf(ending, null);
    }
    const code = failureCodes[action].unknown;
    return {
      outcome: 'in-doubt',
      failure: answer.ok
        ? failureOf(code)
        : { ...failureFromGatewayError(answer.error, code), code },
    };
  }

  async function act(
    recordId: string,
    action: HoldAction,
  ): Promise<EngineResult<HoldActionResult>> {
    const record = store.load(recordId);
    if (!record) return refusal('attempt-not-found', 'No such held payment.');
    if (record.phase !== 'held') {
      return refusal('hold-not-held', 'Only a payment still held can be captured or released.');
    }
    const release = claim(record.held.orderId);
    if (!release) return refusal('attempt-busy', 'Another operation on this order is running.');
    try {
      const access = await deps.clientFor(recordId);
      if (!access.ok)
        return refusal(access.error, 'The gateway of this payment cannot be reached.');
      const client = access.value;
      // What stands now comes from the gateway: a capture or void made elsewhere counts.
      const before = await client.getOrder(record.held.orderId);
      if (!before.ok) {
        const failure = failureFromGatewayError(before.error, failureCodes[action].refused);
        return ok({ outcome: 'error', failure });
      }
      const standing = readHold(before.value.order, record.held);
      if (standing === 'unknown') {
        return refusal('hold-unreadable', 'The gateway does not show this order as held now.');
      }
      if (standing !== 'held') {
        settle(record, settledBefore[standing], before.value.order, null, 'order-read');
        return refusal('hold-not-held', 'The gateway shows this hold already ended.');
      }
      return ok(await send(client, record, action));
    } finally {
      release();
    }
  }

  /**
   * One Get order for a record: an action in doubt is settled if the order proves it; a
   * hold not acted on is ended if the order shows it captured, voided or lapsed elsewhere.
   * Null: nothing proven (or busy); the record is as it was.
   */
  async function check(recordId: string): Promise<HoldEnding | null> {
    const record = store.load(recordId);
    if (!record || record.phase === 'ended') return null;
    const release = claim(record.held.orderId);
    if (!release) return null;
    try {
      const access = await deps.clientFor(recordId);
      if (!access.ok) return null;
      const read = await access.value.getOrder(record.held.orderId);
      if (!read.ok) return null;
      const { order } = read.value;
      const action = phaseAction(record);
      if (!action) {
        const standing = readHold(order, record.held);
        if (standing === 'held' || standing === 'unknown') return null;
        settle(record, settledBefore[standing], order, null, 'order-read');
        return settledBefore[standing];
      }
      const ending = holdEndingFromOrder(action, order, record.held, passed(record));
      if (!ending) return null;
      const failure = ending === 'held' ? failureOf(failureCodes[action].notCompleted) : null;
      settle(record, ending, order, failure, 'reconciled');
      return ending;
    } finally {
      release();
    }
  }

  return {
    capture: (recordId: string) => act(recordId, 'capture'),
    release: (recordId: string) => act(recordId, 'release'),
    check,
  };
}

export type Holds = ReturnType<typeof createHolds>;
