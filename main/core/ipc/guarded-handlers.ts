import type { Settings } from '../../../shared/ipc';
import type { PaymentModes } from './payment-modes';
import type { AuditTrail } from '../audit/audit-trail';
import { CodedFailure } from '../coded-failure';
import { stoppedWords } from './same-card-handlers';
import type { CoreHandlers } from './core-handlers';
import type { SettingsService } from '../settings/settings-service';
import type { Acting } from '../operators/acting-operator';
import { asActing, createMoneyBack } from '../operators/money-back';
import { operatorFailure } from '../operators/operator-failure';
import type { OperatorsService } from '../operators/operators-service';

export interface GuardDeps {
  operators: OperatorsService;
  audit: AuditTrail;
  modes: PaymentModes;
  settings: SettingsService;
}

/** Settings fields whose value a patch changes (names only: never a value). */
function changedFields(before: Settings, patch: Partial<Settings>): string[] {
  return (Object.keys(patch) as (keyof Settings)[]).filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(patch[field]),
  );
}

/**
 * The payment channels with operators around them: who acts is stamped on every journal
 * write (actingOperator), a cashier sees and reprints only their own sales, refunds and
 * voids pass the approval rules first, and every security-relevant step lands in the audit
 * trail. The permission table itself is checked earlier, by the router.
 */
export function guardCoreHandlers(core: CoreHandlers, deps: GuardDeps): CoreHandlers {
  const { operators, audit, modes, settings } = deps;

  const actingNow = (): Acting | null => {
    const operator = operators.acting();
    return operator ? { operatorId: operator.operatorId, approverId: null } : null;
  };

  /** A cashier may open only their own sales; another's is refused as forbidden. */
  const ownOnly = (attemptId: string) => {
    const operator = operators.acting();
    if (!operator || operator.role !== 'cashier') return;
    const record = modes.active().journal.get(attemptId);
    if (record && record.operatorId !== operator.operatorId) throw operatorFailure('forbidden');
  };

  /** The money a request moves: a card sale's, or a held payment link's. */
  const moneyRecord = (attemptId: string, source: 'card' | 'link' = 'card') => {
    const { journal, linkJournal } = modes.active();
    if (source === 'card') {
      const record = journal.get(attemptId);
      // The approval names the card as the screens do, by its first 6 and last 4.
      return record && { ...record, masked: `${record.first6}…${record.last4}` };
    }
    const link = linkJournal.get(attemptId);
    return link && { amountMinor: link.amountMinor, refundedMinor: 0, currency: link.currency };
  };

  const moneyBack = createMoneyBack({ operators, audit });

  return {
    ...core,
    salePrepare: (request) => asActing(actingNow(), () => core.salePrepare(request)),
    // The card check's journal row names the cashier, as the sale will.
    saleCardCheck: (request) => asActing(actingNow(), () => core.saleCardCheck(request)),
    // A payment link and its events name the agent who sent, resent or cancelled it.
    linkCreate: (request) => asActing(actingNow(), () => core.linkCreate(request)),
    linkResend: (request) => asActing(actingNow(), () => core.linkResend(request)),
    linkCancel: (request) => asActing(actingNow(), () => core.linkCancel(request)),
    async salePay(request) {
      const actor = operators.actor();
      audit.record('sale-started', {
        operatorId: actor,
        subject: request.merchantReferenceId,
        detail: `${request.amount} ${request.currency}`,
      });
      const result = await asActing(actingNow(), () => core.salePay(request)).catch(
        (error: unknown) => {
          if (
            error instanceof CodedFailure &&
            error.code === 'same-card-in-doubt' &&
            error.params
          ) {
            audit.record('same-card-stopped', {
              operatorId: actor,
              subject: String(error.params.attemptId),
              detail: `stopped sale ${request.merchantReferenceId} before sending: ${stoppedWords(error.params)}`,
            });
          }
          throw error;
        },
      );
      audit.record('sale-ended', {
        operatorId: actor,
        subject: result.attemptId,
        detail: result.outcome,
      });
      return result;
    },
    historySearch(request) {
      const operator = operators.acting();
      const own = operator?.role === 'cashier' ? { operatorId: operator.operatorId } : {};
      return core.historySearch({ ...request, filters: { ...request.filters, ...own } });
    },
    async historyDetail(request) {
      ownOnly(request.attemptId);
      return core.historyDetail(request);
    },
    // Checking a sale answers it as History would: a cashier checks only their own.
    async attemptCheck(request) {
      ownOnly(request.attemptId);
      return core.attemptCheck(request);
    },
    async historyExport(request) {
      const answer = await core.historyExport(request);
      if (answer.path) {
        audit.record('history-exported', {
          operatorId: operators.actor(),
          detail: `rows=${answer.rows}`,
        });
      }
      return answer;
    },
    orderRefund: ({ approver, ...request }) =>
      moneyBack('refund', { ...request, approver }, moneyRecord(request.attemptId), () =>
        core.orderRefund(request),
      ),
    holdCapture: ({ approver, ...request }) =>
      moneyBack(
        'capture',
        { ...request, approver },
        moneyRecord(request.attemptId, request.source),
        () => core.holdCapture(request),
      ),
    holdRelease: ({ approver, ...request }) =>
      moneyBack(
        'release',
        { ...request, approver },
        moneyRecord(request.attemptId, request.source),
        () => core.holdRelease(request),
      ),
    async receiptPrint(request) {
      ownOnly(request.attemptId);
      return core.receiptPrint(request);
    },
    async receiptPdf(request) {
      ownOnly(request.attemptId);
      return core.receiptPdf(request);
    },
    async settingsUpdate(patch) {
      const fields = changedFields(settings.current(), patch);
      const view = await core.settingsUpdate(patch);
      if (fields.length > 0) {
        audit.record('settings-changed', {
          operatorId: operators.actor(),
          detail: `fields=${fields.join(',')}`,
        });
      }
      return view;
    },
  };
}
