import type { claimChannels } from '../../../../shared/ipc-claims';
import type { StoreRefundResult } from '../../../../shared/ipc-claims';
import { parseAmount } from '../../../../shared/money/amount';
import { currencySchema } from '../../../../shared/ipc';
import type { Result } from '../../../../shared/result';
import { IpcFailure, type IpcHandlers } from '../../ipc/router';
import { actingOperator } from '../../operators/acting-operator';
import type { MoneyBack } from '../../operators/money-back';
import type { GatewayAccess, GatewayAccessError } from '../../payments/gateway-access';
import { failureOf } from '../../payments/failure-from-gateway';
import type { PaymentFailureCode } from '../../payments/failure-codes';
import type { EngineTuning } from '../../payments/payment-deps';
import type { StoreService } from '../store-service';
import { refundOtherCounter } from './remote-refund';

export type ClaimHandlers = Pick<IpcHandlers, keyof typeof claimChannels>;

export interface StoreRefundDeps {
  store: Pick<StoreService, 'counterId' | 'payment' | 'claims'>;
  /** Training selected: other counters' payments are live, its sandbox knows none of them. */
  training: () => boolean;
  /** The live gateway as Settings has it now. */
  liveGateway: () => Promise<Result<GatewayAccess, GatewayAccessError>>;
  moneyBack: MoneyBack;
  tuning: Pick<EngineTuning, 'refundSettleMs' | 'inDoubtRetryDelaysMs'>;
  sleep: (ms: number) => Promise<void>;
}

const messages = {
  'store-not-configured': 'No store database is configured.',
  'store-offline-other-counter':
    'Refunding another counter’s payment needs the store database, which cannot be reached.',
  'store-own-payment': 'This payment was made at this counter: refund it from its History.',
  'store-training-selected': 'Other counters’ payments are live: switch Training off first.',
  'attempt-not-found': 'The store has no such payment.',
  'attempt-not-refundable': 'Only a paid sale can be refunded.',
  'refund-over-remaining': 'The refund is more than what is left.',
} as const;
const refuse = (code: keyof typeof messages) => new IpcFailure(code, messages[code]);

/** Codes of a refusal before anything left for the gateway: an error, as for own refunds. */
const beforeSending = new Set<string>([
  'attempt-not-refundable',
  'refund-over-remaining',
  'store-offline-other-counter',
]);

/**
 * `storeRefund` (issue 20, docs/store.md "Acting on another counter's payment"): a refund of
 * a payment another counter made, read from the store, approved on the spot by the same
 * rules as the counter's own refunds (on the amount the store shows), then claimed and sent
 * by refundOtherCounter on this counter's live gateway. The claim steps run on the store
 * thread; the gateway calls here, as every gateway call of the main process, never block it.
 */
export function createClaimHandlers(deps: StoreRefundDeps): ClaimHandlers {
  return {
    async storeRefund({ attemptId, amount, approver }) {
      const counterId = deps.store.counterId();
      if (counterId === null) throw refuse('store-not-configured');
      const row = await deps.store.payment(attemptId).catch(() => {
        throw refuse('store-offline-other-counter');
      });
      if (row === null) throw refuse('attempt-not-found');
      if (row.counterId === counterId) throw refuse('store-own-payment');
      const currency = currencySchema.parse(row.currency);
      if ((row.status !== 'paid' && row.status !== 'partially-refunded') || !row.orderId) {
        throw refuse('attempt-not-refundable');
      }
      const { orderId } = row;
      let amountMinor: number | null = null;
      if (amount !== undefined) {
        // Checked against what the store shows left; the claim checks the gateway's figure.
        const parsed = parseAmount(amount, currency, row.amountMinor - row.refundedMinor);
        if (!parsed.ok) {
          const code = parsed.error === 'amount-over-cap' ? 'refund-over-remaining' : parsed.error;
          throw new IpcFailure(code, 'Invalid refund amount.');
        }
        amountMinor = parsed.value;
      }
      if (deps.training()) throw refuse('store-training-selected');
      return deps.moneyBack('refund', { attemptId, amount, approver }, row, async () => {
        const access = await deps.liveGateway();
        if (!access.ok) throw new IpcFailure(access.error, 'The live gateway cannot be reached.');
        const acting = actingOperator.getStore();
        const result = await refundOtherCounter(
          {
            claims: deps.store.claims,
            gateway: access.value.client,
            counterId,
            settleMs: deps.tuning.refundSettleMs,
            retryDelaysMs: deps.tuning.inDoubtRetryDelaysMs,
            sleep: deps.sleep,
          },
          { orderId, currency },
          amountMinor,
          { operatorId: acting?.operatorId ?? null, approverId: acting?.approverId ?? null },
        );
        return answer(result);
      });
    },
  };
}

function answer(result: Awaited<ReturnType<typeof refundOtherCounter>>): StoreRefundResult {
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
      if (beforeSending.has(result.code)) {
        throw new IpcFailure(result.code, messages[result.code as keyof typeof messages]);
      }
      return {
        outcome: result.outcome,
        amountMinor: 0,
        failure: failureOf(result.code as PaymentFailureCode),
      };
  }
}
