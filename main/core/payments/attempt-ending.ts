import type { AttemptResult, AttemptStatus, Failure } from '../../../shared/ipc';
import type { GatewayError } from '../gateway/gateway-error';
import { durabilityOfState, type AttemptState } from '../journal/attempt-state';
import type { Journal } from '../journal/journal';
import type { PaymentFailureCode } from '../../../shared/failures/payment-failures';
import type { SavedCardToken } from '../ports';
import { failureFromGatewayError, failureOf } from './failure-from-gateway';

type OrderView = AttemptResult['order'];

/** How an attempt (or a later settlement of it) ends, as the journal records it. */
export interface AttemptEnding {
  status: AttemptStatus;
  failure: Failure | null;
  /** Undefined: leave the journal's order snapshot as it is. */
  order?: OrderView;
  refundedMinor?: number;
  /** When the money was first seen held (Authorize only): epoch ms. */
  heldAt?: number | null;
  /** The engine's state; defaults to the status. In doubt needs it (`pay-sent`, `refund-sent`). */
  state?: AttemptState;
  /**
   * The token the paid order issued for its card (a sale that saved it): handed to the
   * customer's record, never written to the journal.
   */
  token?: SavedCardToken | null;
}

/** The journal state an ending writes. */
function stateOf(ending: AttemptEnding): AttemptState {
  if (ending.state) return ending.state;
  if (ending.status === 'in-doubt' || ending.status === 'in-progress') {
    throw new Error(`an ${ending.status} ending must name its state`);
  }
  return ending.status;
}

/**
 * When the ending must reach the disk: an answer the gateway can give again (its money
 * message's record is on disk) may follow with the next flush; in doubt means `pay-sent`.
 */
export const endingDurability = (ending: AttemptEnding) => durabilityOfState(stateOf(ending));

export const ended = (
  status: AttemptStatus,
  code: PaymentFailureCode | null,
  order?: OrderView,
): AttemptEnding => ({ status, failure: code ? failureOf(code) : null, order });

/**
 * An ending for a gateway error at a step before Pay. A refusal there (HTTP 200, non-000) is
 * `refusedStatus`, unless our own clock says the session ran out, which is the clearer reason.
 */
export function endingFromError(
  error: GatewayError,
  refusedStatus: AttemptStatus,
  refusedAs: PaymentFailureCode,
  sessionExpired: boolean,
): AttemptEnding {
  if (error.kind === 'aborted') return ended('cancelled', 'cancelled-by-operator');
  if (error.kind === 'refused') {
    if (sessionExpired) return ended('expired', 'session-expired');
    if (error.gatewayDecision === 'Reject') {
      return { status: 'rejected', failure: failureFromGatewayError(error, 'card-rejected') };
    }
    return { status: refusedStatus, failure: failureFromGatewayError(error, refusedAs) };
  }
  return { status: 'error', failure: failureFromGatewayError(error, refusedAs) };
}

/** Writes the ending with its audit event in one transaction (Durability: endingDurability). */
export function writeEnding(
  journal: Journal,
  attemptId: string,
  ending: AttemptEnding,
  step = 'settled',
): void {
  journal.transition(
    attemptId,
    {
      state: stateOf(ending),
      status: ending.status,
      failure: ending.failure,
      ...(ending.order === undefined ? {} : { order: ending.order }),
      ...(ending.refundedMinor === undefined ? {} : { refundedMinor: ending.refundedMinor }),
      ...(ending.heldAt === undefined ? {} : { heldAt: ending.heldAt }),
    },
    { step, outcome: ending.status, detail: ending.failure?.code ?? null },
  );
}
