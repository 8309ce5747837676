import type { FailureParams } from '../../../shared/ipc';
import type { sameCardChannels, UnsettledPayment } from '../../../shared/ipc-same-card';
import { formatMinor } from '../../../shared/money/amount';
import type { AuditTrail } from '../audit/audit-trail';
import { approveOnTheSpot } from '../operators/approvals';
import type { OperatorsService } from '../operators/operators-service';
import type { PaymentModes } from './payment-modes';
import type { IpcHandlers } from './router';

export type SameCardHandlers = Pick<IpcHandlers, keyof typeof sameCardChannels>;

/** The payment in doubt in the audit trail's words: reference, amount, card mask, since. */
export const unsettledWords = (
  payment: Pick<UnsettledPayment, 'merchantReferenceId' | 'amountMinor' | 'currency' | 'masked'> &
    Partial<Pick<UnsettledPayment, 'createdAt'>>,
): string =>
  `payment ${payment.merchantReferenceId} of ${formatMinor(payment.amountMinor, payment.currency)} ` +
  `${payment.currency} on card ${payment.masked} not known yet` +
  (payment.createdAt === undefined ? '' : ` (since ${new Date(payment.createdAt).toISOString()})`);

/** The same words from a `same-card-in-doubt` refusal's values. */
export const stoppedWords = (params: FailureParams): string =>
  unsettledWords({
    merchantReferenceId: String(params.merchantReferenceId),
    amountMinor: Number(params.amountMinor),
    currency: String(params.currency) as UnsettledPayment['currency'],
    masked: String(params.masked),
    createdAt: Number(params.createdAt),
  });

/**
 * The sale form's view of this counter's unsettled payments, and the operator's choice when
 * a sale met one with the same card and amount. Charging again is a supervisor's decision
 * where operators are on (the on-the-spot approval of refunds and acknowledgements: a
 * cashier alone cannot make it); both choices go into the audit trail in words, the card as
 * its mask only.
 */
export function createSameCardHandlers(deps: {
  operators: OperatorsService;
  audit: AuditTrail;
  modes: PaymentModes;
}): SameCardHandlers {
  const { operators, audit, modes } = deps;
  return {
    saleUnsettled: async () => ({ payments: modes.active().payments.sameCard.unsettled() }),
    async saleSameCardChoice({ attemptId, choice, approver }) {
      const guard = modes.active().payments.sameCard;
      const payment = guard.unsettled().find((unsettled) => unsettled.attemptId === attemptId);
      if (choice === 'do-not-charge' || !payment) {
        guard.forbid(attemptId);
        // Settled meanwhile: nothing to choose; the form shows the list as it is now.
        if (payment) {
          audit.record('same-card-not-charged', {
            operatorId: operators.actor(),
            subject: attemptId,
            detail: `did not charge the card again beside ${unsettledWords(payment)}`,
          });
        }
        return { allowed: false };
      }
      const requester = operators.acting();
      let approverId: string | null = null;
      if (requester) {
        const approval = await approveOnTheSpot({
          accounts: operators.accounts,
          audit,
          requester,
          request: {
            kind: 'same-card-charge-again',
            subject: attemptId,
            detail: unsettledWords(payment),
            approver,
          },
        });
        approverId = approval.approverId;
      }
      guard.allow(attemptId);
      audit.record('same-card-charge-again', {
        operatorId: operators.actor(),
        subject: attemptId,
        detail:
          `chose to charge the card again beside ${unsettledWords(payment)}, ` +
          `knowing the customer may be charged twice` +
          (approverId ? `; approved by ${approverId}` : ''),
      });
      return { allowed: true };
    },
  };
}
