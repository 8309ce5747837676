import type { RefundResult } from '../../../shared/ipc';
import { formatMinor, gatewayAmount, parseAmount } from '../../../shared/money/amount';
import { ok, type Result } from '../../../shared/result';
import type { GatewayError } from '../gateway/gateway-error';
import type { AttemptRecord, Journal } from '../journal/journal';
import { writeEnding, type AttemptEnding } from './attempt-ending';
import { monotonicNow, type Deadlines } from './deadlines';
import { refusal, type EngineResult } from './engine-failure';
import { failureFromGatewayError } from './failure-from-gateway';
import type { GatewayAccess, GatewayAccessError } from './gateway-access';
import { pollOrder } from './order-polling';
import { readRefundable } from './order-state';
import type { EngineTuning } from './payment-deps';
import type { Reconciler } from './reconciler';
import { refundedEnding, refundEndingFromOrder } from './settlement';
import type { Clock } from '../ports';

export interface RefundDeps {
  journal: Journal;
  accessFor: (record: AttemptRecord) => Promise<Result<GatewayAccess, GatewayAccessError>>;
  reconciler: Reconciler;
  deadlines: Deadlines;
  clock: Clock;
  tuning: EngineTuning;
  sleep: (ms: number) => Promise<void>;
}

const accessMessage =
  'The gateway this sale was made on cannot be reached with the current settings.';

/** The connection was refused or never opened: the refund provably never left. */
const neverLeft = (error: GatewayError): boolean =>
  (error.kind === 'network' && error.detail === 'ECONNREFUSED') ||
  (error.kind === 'timeout' && error.phase === 'connect');

/**
 * Refunds with the Pay's durability (DESIGN.md §3): what is left to refund comes from the
 * order at the gateway (a refund made elsewhere counts), `refund-sent` is in the journal
 * before the request leaves, a lost answer is settled by Get order (now, in the background,
 * or at start-up) within the refund's deadline, and a refund is never repeated automatically.
 */
export function createRefunds(deps: RefundDeps) {
  const { journal, reconciler } = deps;

  /** The operator's result for an attempt the journal now shows. */
  const resultOf = (
    attemptId: string,
    outcome: RefundResult['outcome'],
    failure: RefundResult['failure'],
  ): RefundResult => ({ outcome, detail: journal.detail(attemptId), failure });

  async function refundClaimed(
    record: AttemptRecord,
    amount: string | undefined,
  ): Promise<EngineResult<RefundResult>> {
    const { attemptId } = record;
    if (record.status !== 'paid' && record.status !== 'partially-refunded') {
      return refusal('attempt-not-refundable', 'Only a paid sale can be refunded.');
    }
    if (!record.orderId) return refusal('attempt-not-refundable', 'The sale has no order.');
    const access = await deps.accessFor(record);
    if (!access.ok) return refusal(access.error, accessMessage);
    const { client } = access.value;
    // What is left comes from the gateway: a refund made in the merchant portal counts.
    const before = await client.getOrder(record.orderId);
    if (!before.ok) {
      return ok(
        resultOf(attemptId, 'error', failureFromGatewayError(before.error, 'refund-refused')),
      );
    }
    const refundable = readRefundable(before.value.order, record.currency);
    if (!refundable) {
      return refusal('attempt-not-refundable', 'The gateway does not show this sale as paid now.');
    }
    // Only forward: a lagging read may show less than the journal already knows.
    if (refundable.refundedMinor > record.refundedMinor) {
      writeEnding(
        journal,
        attemptId,
        refundedEnding(record, refundable.refundedMinor, before.value.order),
        'order-read',
      );
    }
    const refundedMinor = Math.max(refundable.refundedMinor, record.refundedMinor);
    const remaining = refundable.capturedMinor - refundedMinor;
    if (remaining <= 0) return refusal('refund-over-remaining', 'Nothing is left to refund.');
    const parsed = amount === undefined ? null : parseAmount(amount, record.currency, remaining);
    if (parsed && !parsed.ok) {
      const code = parsed.error === 'amount-over-cap' ? 'refund-over-remaining' : parsed.error;
      return refusal(code, 'Invalid refund amount.');
    }
    const refundMinor = parsed ? parsed.value : remaining;
    const now = deps.clock.now();
    journal.transition(
      attemptId,
      { state: 'refund-sent', status: 'in-doubt', settleAfter: now + deps.tuning.refundSettleMs },
      { step: 'refund-sent', outcome: 'sent', detail: formatMinor(refundMinor, record.currency) },
    );
    deps.deadlines.set(attemptId, monotonicNow(deps.clock), deps.tuning.refundSettleMs);
    // The refunded total the journal now holds is the gateway's, read just before sending.
    const sent = journal.get(attemptId) ?? record;
    const answer = await client.refund({
      orderId: record.orderId,
      // No amount on the wire for a full refund of an untouched sale: the gateway refunds all.
      ...(refundMinor === remaining && refundedMinor === 0
        ? {}
        : { amount: gatewayAmount(refundMinor, record.currency) }),
    });
    const unchanged = (error: GatewayError, outcome: 'refused' | 'error'): RefundResult => {
      writeEnding(
        journal,
        attemptId,
        refundedEnding(sent, sent.refundedMinor, null, sent.failure),
        'refund',
      );
      deps.deadlines.forget(attemptId);
      return resultOf(attemptId, outcome, failureFromGatewayError(error, 'refund-refused'));
    };
    if (!answer.ok) {
      const { error } = answer;
      if (error.kind === 'refused') return ok(unchanged(error, 'refused'));
      if ((error.kind === 'http' && error.status < 500) || neverLeft(error)) {
        return ok(unchanged(error, 'error'));
      }
    }
    let ending: AttemptEnding | null = null;
    if (answer.ok) ending = refundEndingFromOrder(sent, answer.value.order, false);
    if (!ending) {
      const read = await pollOrder(
        client,
        record.orderId,
        deps.tuning.inDoubtRetryDelaysMs,
        deps.sleep,
        (order) => refundEndingFromOrder(sent, order, false) !== null,
      );
      if (read.ok) ending = refundEndingFromOrder(sent, read.value, false);
    }
    if (ending) {
      writeEnding(journal, attemptId, ending, 'refund');
      deps.deadlines.forget(attemptId);
      return ok(resultOf(attemptId, 'refunded', null));
    }
    const failure = answer.ok
      ? null
      : {
          ...failureFromGatewayError(answer.error, 'refund-outcome-unknown'),
          code: 'refund-outcome-unknown',
        };
    return ok(resultOf(attemptId, 'in-doubt', failure));
  }

  return {
    /** Full refund of what is left when `amount` is absent. */
    async refund(attemptId: string, amount?: string): Promise<EngineResult<RefundResult>> {
      if (!reconciler.claim(attemptId)) {
        return refusal('attempt-busy', 'Another operation on this sale is running.');
      }
      let inDoubt = false;
      try {
        const record = journal.get(attemptId);
        if (!record) return refusal('attempt-not-found', 'No such sale.');
        const result = await refundClaimed(record, amount);
        inDoubt = result.ok && result.value.outcome === 'in-doubt';
        return result;
      } finally {
        reconciler.release(attemptId);
        // Only once released: the background round claims the attempt for itself.
        if (inDoubt) reconciler.settleLater(attemptId);
      }
    },
  };
}
