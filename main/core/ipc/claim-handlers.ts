import type { claimChannels, StoreHoldResult, StoreRefundResult } from '../../../shared/ipc-claims';
import { parseAmount } from '../../../shared/money/amount';
import { currencySchema } from '../../../shared/ipc';
import type { Result } from '../../../shared/result';
import type { GatewayClient } from '../gateway/gateway-client';
import { CodedFailure } from '../coded-failure';
import type { IpcHandlers } from './router';
import { actingOperator } from '../operators/acting-operator';
import type { MoneyBack } from '../operators/money-back';
import type { GatewayAccess, GatewayAccessError } from '../payments/gateway-access';
import { failureOf } from '../payments/failure-from-gateway';
import type { PaymentFailureCode } from '../../../shared/failures/payment-failures';
import type { StoreFailureCode } from '../../../shared/failures/store-failures';
import type { EngineTuning } from '../payments/payment-deps';
import type { StoreService } from '../store/store-service';
import { actOnOtherCountersHold, type RemoteHoldResult } from '../store/claims/remote-hold';
import {
  refundOtherCounter,
  type RemoteRefundActor,
  type RemoteRefundResult,
} from '../store/claims/remote-refund';

export type ClaimHandlers = Pick<IpcHandlers, keyof typeof claimChannels>;

export interface ClaimHandlerDeps {
  store: Pick<StoreService, 'counterId' | 'payment' | 'claims' | 'holdClaims'>;
  /** Training selected: other counters' payments are live, its sandbox knows none of them. */
  training: () => boolean;
  /** The live gateway as Settings has it now. */
  liveGateway: () => Promise<Result<GatewayAccess, GatewayAccessError>>;
  moneyBack: MoneyBack;
  tuning: Pick<EngineTuning, 'refundSettleMs' | 'inDoubtRetryDelaysMs'>;
  sleep: (ms: number) => Promise<void>;
}

/** The refusals of this file's own checks, before anything is claimed or sent. */
const refusalCodes = [
  'store-not-configured',
  'store-offline-other-counter',
  'store-own-payment',
  'store-training-selected',
  'store-hold-action-in-doubt',
  'attempt-not-found',
  'attempt-not-refundable',
  'refund-over-remaining',
  'hold-not-held',
] as const satisfies readonly (StoreFailureCode | PaymentFailureCode)[];
type RefusalCode = (typeof refusalCodes)[number];
const refuse = (code: RefusalCode) => new CodedFailure(code);

/** A refusal before anything left for the gateway: an error, as for the counter's own. */
const refusedBeforeSending = (code: string): code is RefusalCode =>
  (refusalCodes as readonly string[]).includes(code);

/**
 * Acting on a payment another counter made (docs/store.md "Acting on another
 * counter's payment"): read from the store, approved on the spot by the same rules as the
 * counter's own refunds, captures and releases (on the amount the store shows), then claimed
 * and sent on this counter's live gateway. The claim steps run on the store thread; the
 * gateway calls here, as every gateway call of the main process, never block it.
 */
export function createClaimHandlers(deps: ClaimHandlerDeps): ClaimHandlers {
  /** The store's row of another counter's payment, in one of `statuses`, or a refusal. */
  async function otherCountersPayment(
    attemptId: string,
    statuses: readonly string[],
    notInStatus: RefusalCode,
  ) {
    const counterId = deps.store.counterId();
    if (counterId === null) throw refuse('store-not-configured');
    const row = await deps.store.payment(attemptId).catch(() => {
      throw refuse('store-offline-other-counter');
    });
    if (row === null) throw refuse('attempt-not-found');
    if (row.counterId === counterId) throw refuse('store-own-payment');
    if (!statuses.includes(row.status) || !row.orderId) throw refuse(notInStatus);
    if (deps.training()) throw refuse('store-training-selected');
    return { counterId, row, orderId: row.orderId, currency: currencySchema.parse(row.currency) };
  }

  /** Runs `work` on the live gateway as the acting operator (and approver) of the request. */
  async function onLiveGateway<T>(
    work: (gateway: GatewayClient, actor: RemoteRefundActor) => Promise<T>,
  ): Promise<T> {
    const access = await deps.liveGateway();
    if (!access.ok) throw new CodedFailure(access.error);
    const acting = actingOperator.getStore();
    return work(access.value.client, {
      operatorId: acting?.operatorId ?? null,
      approverId: acting?.approverId ?? null,
    });
  }

  const common = (counterId: string) => ({
    counterId,
    settleMs: deps.tuning.refundSettleMs,
    retryDelaysMs: deps.tuning.inDoubtRetryDelaysMs,
    sleep: deps.sleep,
  });

  async function holdAction(
    action: 'capture' | 'release',
    {
      attemptId,
      approver,
    }: { attemptId: string; approver?: { operatorId: string; secret: string } },
  ): Promise<StoreHoldResult> {
    const { counterId, row, orderId, currency } = await otherCountersPayment(
      attemptId,
      ['authorized'],
      'hold-not-held',
    );
    return deps.moneyBack(action, { attemptId, approver }, row, () =>
      onLiveGateway(async (gateway, actor) =>
        holdAnswer(
          await actOnOtherCountersHold(
            { ...common(counterId), claims: deps.store.holdClaims, gateway },
            { orderId, currency, amountMinor: row.amountMinor },
            action,
            actor,
          ),
          action,
        ),
      ),
    );
  }

  return {
    async storeRefund({ attemptId, amount, approver }) {
      const { counterId, row, orderId, currency } = await otherCountersPayment(
        attemptId,
        ['paid', 'partially-refunded'],
        'attempt-not-refundable',
      );
      let amountMinor: number | null = null;
      if (amount !== undefined) {
        // Checked against what the store shows left; the claim checks the gateway's figure.
        const parsed = parseAmount(amount, currency, row.amountMinor - row.refundedMinor);
        if (!parsed.ok) {
          const code = parsed.error === 'amount-over-cap' ? 'refund-over-remaining' : parsed.error;
          throw new CodedFailure(code);
        }
        amountMinor = parsed.value;
      }
      return deps.moneyBack('refund', { attemptId, amount, approver }, row, () =>
        onLiveGateway(async (gateway, actor) =>
          refundAnswer(
            await refundOtherCounter(
              { ...common(counterId), claims: deps.store.claims, gateway },
              { orderId, currency },
              amountMinor,
              actor,
            ),
          ),
        ),
      );
    },
    storeCapture: (request) => holdAction('capture', request),
    storeRelease: (request) => holdAction('release', request),
  };
}

/** A gateway's refusal or an unreadable order, as the contract's failure. */
const failed = (result: { code: string }) => {
  if (refusedBeforeSending(result.code)) throw refuse(result.code);
  return failureOf(result.code as PaymentFailureCode);
};

function refundAnswer(result: RemoteRefundResult): StoreRefundResult {
  switch (result.outcome) {
    case 'refunded':
      return { outcome: 'refunded', amountMinor: result.amountMinor, failure: null };
    case 'in-doubt':
      return {
        outcome: 'in-doubt',
        amountMinor: result.amountMinor,
        failure: failureOf('refund-outcome-unknown'),
      };
    default:
      return { outcome: result.outcome, amountMinor: 0, failure: failed(result) };
  }
}

function holdAnswer(result: RemoteHoldResult, action: 'capture' | 'release'): StoreHoldResult {
  if (result.outcome === 'refused' || result.outcome === 'error') {
    return { outcome: result.outcome, failure: failed(result) };
  }
  // In doubt names the action whose answer was lost, as a counter's own hold does.
  const unknown = result.outcome === 'in-doubt' ? failureOf(`${action}-outcome-unknown`) : null;
  return { outcome: result.outcome, failure: unknown };
}
