import type { Currency } from '../../../shared/money/currencies';
import { formatMinor, parseAmount } from '../../../shared/money/amount';
import type { AuditTrail } from '../audit/audit-trail';
import { actingOperator, type Acting } from './acting-operator';
import { approveMoneyBack, type MoneyBackRequest } from './approvals';
import type { OperatorsService } from './operators-service';

/** The money a request moves, as the counter knows it: its journal's, or the store's row. */
export interface MoneyRecord {
  amountMinor: number;
  refundedMinor: number;
  currency: string;
  /** The card as first 6 and last 4, and the merchant reference: the approval names them. */
  masked?: string | null;
  merchantReferenceId?: string;
}

export interface MoneyBackInput {
  attemptId: string;
  amount?: string;
  approver?: MoneyBackRequest['approver'];
}

/** Runs `work` as the signed-in operator (nobody, while operators are off). */
export const asActing = <T>(acting: Acting | null, work: () => Promise<T>) =>
  acting ? actingOperator.run(acting, work) : work();

/**
 * A refund, capture or release with operators around it: audited before and after, passed
 * through the approval rules (approvals.ts) on the amount it moves, and sent as the acting
 * operator with the approver, so the journal (or the store's claim) names both. `record` is
 * where the amount is read from: the counter's journal for its own payments, the store for
 * another counter's. Without a record there is nothing to approve: the caller
 * refuses such a request itself (the engine as "not found").
 */
export function createMoneyBack(deps: { operators: OperatorsService; audit: AuditTrail }) {
  const { operators, audit } = deps;
  return async function moneyBack<T extends { outcome: string }>(
    kind: MoneyBackRequest['kind'],
    request: MoneyBackInput,
    record: MoneyRecord | null | undefined,
    send: () => Promise<T>,
  ): Promise<T> {
    const requester = operators.acting();
    const actor = operators.actor();
    const left = record ? record.amountMinor - record.refundedMinor : 0;
    const currency = (record?.currency ?? 'SAR') as Currency;
    const parsed = request.amount ? parseAmount(request.amount, currency) : null;
    // A void, capture or release moves the whole amount; only a refund may be partial.
    const amountMinor =
      kind !== 'refund' ? (record?.amountMinor ?? 0) : parsed?.ok ? parsed.value : left;
    let approverId: string | null = null;
    if (requester && record) {
      const approval = await approveMoneyBack({
        accounts: operators.accounts,
        audit,
        requester,
        thresholds: operators.state().refundThresholds,
        request: {
          kind,
          attemptId: request.attemptId,
          amountMinor,
          currency,
          card: record.masked ?? null,
          reference: record.merchantReferenceId ?? null,
          approver: request.approver,
        },
      });
      approverId = approval.kind === 'none' ? null : approval.approverId;
    }
    // Logged once the request goes ahead: a request that first comes back asking for an
    // approval is sent again with it, and is still one request.
    audit.record(`${kind}-requested`, {
      operatorId: actor,
      subject: request.attemptId,
      detail: `${formatMinor(amountMinor, currency)} ${currency}`,
    });
    const acting = requester ? { operatorId: requester.operatorId, approverId } : null;
    const result = await asActing(acting, send);
    audit.record(`${kind}-ended`, {
      operatorId: actor,
      subject: request.attemptId,
      detail: `${result.outcome}${approverId ? ` approver=${approverId}` : ''}`,
    });
    return result;
  };
}
export type MoneyBack = ReturnType<typeof createMoneyBack>;
