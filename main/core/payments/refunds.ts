import type { RefundResult } from '../../../shared/ipc';
import {
  formatMinor,
  gatewayAmount,
  parseAmount,
  type AmountError,
} from '../../../shared/money/amount';
import type { Result } from '../../../shared/result';
import { checkOperatorText, type OperatorTextError } from '../../../shared/text/operator-text';
import type { GatewayError, GatewayResult } from '../gateway/gateway-error';
import type { GatewayOrder } from '../gateway/order-schema';
import type { OrderResponse } from '../gateway/response-schemas';
import { IpcFailure } from '../ipc/router';
import type { AttemptRecord, Journal } from '../journal/journal';
import { writeEnding, type AttemptEnding } from './attempt-ending';
import type { PaymentFailureCode } from './failure-codes';
import { failureFromGatewayError } from './failure-from-gateway';
import type { GatewayAccess, GatewayAccessError } from './gateway-access';
import { readOrder } from './order-reading';
import { inDoubtStates, type Reconciler } from './reconciler';
import { refundEndingFromOrder, refundStatus, voidEndingFromOrder } from './settlement';

export interface RefundDeps {
  journal: Journal;
  openAccess: () => Promise<Result<GatewayAccess, GatewayAccessError>>;
  reconciler: Reconciler;
  inDoubtRetryDelaysMs: readonly number[];
  sleep: (ms: number) => Promise<void>;
}

/** One refund or void, decided after the attempt is claimed (so checks see fresh data). */
interface MoneyBack {
  kind: 'refund' | 'void';
  send: (client: GatewayAccess['client'], orderId: string) => Promise<GatewayResult<OrderResponse>>;
  detail: string;
}

type Outcome = RefundResult['outcome'];

const specs = {
  refund: {
    settle: refundEndingFromOrder,
    done: 'refunded',
    refusedAs: 'refund-refused',
    unknownAs: 'refund-outcome-unknown',
  },
  void: {
    settle: voidEndingFromOrder,
    done: 'voided',
    refusedAs: 'void-refused',
    unknownAs: 'void-outcome-unknown',
  },
} as const satisfies Record<
  MoneyBack['kind'],
  {
    settle: (record: AttemptRecord, order: GatewayOrder) => AttemptEnding;
    done: Outcome;
    refusedAs: PaymentFailureCode;
    unknownAs: PaymentFailureCode;
  }
>;

/** Refusals of the request itself, before anything is sent: thrown for the IPC router. */
function fail(
  code: PaymentFailureCode | GatewayAccessError | AmountError | OperatorTextError,
  message: string,
): never {
  throw new IpcFailure(code, message);
}

/** Did the order show the money going back? */
function happened(kind: MoneyBack['kind'], record: AttemptRecord, ending: AttemptEnding): boolean {
  if (kind === 'void') return ending.status === 'voided';
  return (ending.refundedMinor ?? 0) > record.refundedMinor;
}

/**
 * Refund and void with the Pay's durability: `refund-sent`/`void-sent` is in the journal
 * before the request leaves; a lost answer is settled by Get order (now, in the background,
 * or at start-up), and the request is never repeated automatically.
 */
export function createRefunds(deps: RefundDeps) {
  const { journal, reconciler } = deps;

  /** Judges an answer, or its absence, into the attempt's new state and the operator's result. */
  async function judge(
    record: AttemptRecord,
    access: GatewayAccess,
    kind: MoneyBack['kind'],
    answer: GatewayResult<OrderResponse>,
  ): Promise<{ ending: AttemptEnding; outcome: Outcome; failure: RefundResult['failure'] }> {
    const spec = specs[kind];
    const unchanged: AttemptEnding = {
      status: refundStatus(record, record.refundedMinor),
      failure: record.failure,
    };
    let order: GatewayOrder | null = answer.ok ? answer.value.order : null;
    let error: GatewayError | null = answer.ok ? null : answer.error;
    if (error && (error.kind === 'refused' || (error.kind === 'http' && error.status < 500))) {
      const outcome = error.kind === 'refused' ? 'refused' : 'error';
      return {
        ending: unchanged,
        outcome,
        failure: failureFromGatewayError(error, spec.refusedAs),
      };
    }
    if (!order) {
      const read = await readOrder(
        access.client,
        record.orderId ?? '',
        deps.inDoubtRetryDelaysMs,
        deps.sleep,
        () => true,
      );
      if (read.ok) order = read.value;
      else error = read.error;
    }
    if (!order) {
      const failure = error
        ? { ...failureFromGatewayError(error, spec.unknownAs), code: spec.unknownAs }
        : null;
      const ending = {
        status: 'in-doubt',
        state: inDoubtStates[kind],
        failure: record.failure,
      } as const;
      return { ending, outcome: 'in-doubt', failure };
    }
    const ending = spec.settle(record, order);
    if (happened(kind, record, ending)) return { ending, outcome: spec.done, failure: null };
    const failure = failureFromGatewayError(
      error ?? {
        kind: 'invalid-response',
        operation: kind === 'void' ? 'cancel' : 'refund',
        status: 200,
        issue: 'order unchanged',
        correlationId: null,
      },
      spec.unknownAs,
    );
    return { ending, outcome: 'error', failure };
  }

  async function moneyBack(
    attemptId: string,
    decide: (record: AttemptRecord) => MoneyBack,
  ): Promise<RefundResult> {
    let inDoubt = false;
    if (!reconciler.claim(attemptId))
      fail('attempt-busy', 'Another operation on this sale is running.');
    try {
      const record = journal.get(attemptId) ?? fail('attempt-not-found', 'No such sale.');
      const spec = decide(record);
      const orderId = record.orderId ?? fail('attempt-not-refundable', 'The sale has no order.');
      const access = await deps.openAccess();
      if (!access.ok)
        fail(access.error, 'The gateway cannot be reached with the current settings.');
      journal.transition(
        attemptId,
        { state: inDoubtStates[spec.kind], status: 'in-doubt' },
        { step: `${spec.kind}-sent`, outcome: 'sent', detail: spec.detail },
      );
      const answer = await spec.send(access.value.client, orderId);
      const judged = await judge(record, access.value, spec.kind, answer);
      writeEnding(journal, attemptId, judged.ending, spec.kind);
      inDoubt = judged.ending.status === 'in-doubt';
      return {
        outcome: judged.outcome,
        detail: journal.detail(attemptId),
        failure: judged.failure,
      };
    } finally {
      reconciler.release(attemptId);
      // Only once released: the background round claims the attempt for itself.
      if (inDoubt) reconciler.settleLater(attemptId);
    }
  }

  return {
    /** Full refund of what is left when `amount` is absent. */
    refund(attemptId: string, amount?: string): Promise<RefundResult> {
      return moneyBack(attemptId, (record) => {
        if (record.status !== 'paid' && record.status !== 'partially-refunded') {
          fail('attempt-not-refundable', 'Only a paid sale can be refunded.');
        }
        const remaining = record.amountMinor - record.refundedMinor;
        const parsed =
          amount === undefined ? null : parseAmount(amount, record.currency, remaining);
        if (parsed && !parsed.ok) {
          fail(
            parsed.error === 'amount-over-cap' ? 'refund-over-remaining' : parsed.error,
            'Invalid refund amount.',
          );
        }
        const refundMinor = parsed ? parsed.value : remaining;
        // No amount on the wire for a full refund of an untouched sale: the gateway refunds all.
        const full = refundMinor === remaining && record.refundedMinor === 0;
        return {
          kind: 'refund',
          send: (client, orderId) =>
            client.refund({
              orderId,
              ...(full ? {} : { amount: gatewayAmount(refundMinor, record.currency) }),
            }),
          detail: formatMinor(refundMinor, record.currency),
        };
      });
    },

    voidOrder(attemptId: string, reason: string): Promise<RefundResult> {
      // The reason goes to the gateway and the journal: no card number, no bidi control.
      const reasonCheck = checkOperatorText(reason);
      if (!reasonCheck.ok) fail(reasonCheck.error, 'The reason cannot be accepted as typed.');
      return moneyBack(attemptId, (record) => {
        if (record.status !== 'paid' || record.refundedMinor > 0) {
          fail('attempt-not-voidable', 'Only a paid sale without refunds can be voided.');
        }
        return {
          kind: 'void',
          send: (client, orderId) => client.cancelOrder({ orderId, reason }),
          detail: reason.slice(0, 200),
        };
      });
    },
  };
}
