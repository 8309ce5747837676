import type { IpcRequest } from '../../../shared/ipc';
import type { savedCardChannels, SavedSaleRequest } from '../../../shared/ipc-saved-cards';
import type { Result } from '../../../shared/result';
import type { AuditTrail } from '../audit/audit-trail';
import { CodedFailure } from '../coded-failure';
import type { SaveCardRequest } from '../journal/journal';
import { actingOperator } from '../operators/acting-operator';
import { asActing } from '../operators/money-back';
import type { OperatorsService } from '../operators/operators-service';
import type { EngineFailure } from '../payments/engine-failure';
import type { SaleProgress } from '../payments/payment-service';
import type { InitiatedBy } from '../gateway/token-calls';
import type { CoreEvents } from '../ports';
import type { PaymentMode, PaymentModes } from './payment-modes';
import type { IpcHandlers } from './router';

export type SavedCardHandlers = Pick<IpcHandlers, keyof typeof savedCardChannels>;

/** The one place an engine refusal of a saved-card payment becomes an IPC error. */
async function unwrap<T>(result: Promise<Result<T, EngineFailure>>): Promise<T> {
  const settled = await result;
  if (settled.ok) return settled.value;
  const { code, params, existingPayment } = settled.error;
  throw new CodedFailure(code, params, null, existingPayment);
}

/**
 * A keyed sale on the mode's engine. With `saveCard` the engine records the customer's
 * consent (in the words read to them, the directory builds them, under the acting operator)
 * once the sale has passed its rules and is about to leave, asking the gateway for a token
 * under the new agreement. Consent is append-only: a sale refused before the gateway leaves
 * none behind.
 */
export function payKeyed(
  mode: PaymentMode,
  request: IpcRequest<'salePay'>,
  onProgress: (progress: SaleProgress) => void,
) {
  const asked = request.saveCard;
  const operator = actingOperator.getStore()?.operatorId ?? null;
  const recordConsent = asked
    ? async (): Promise<SaveCardRequest> => {
        const { customerId, agreementType, consentLanguage } = asked;
        const consent = await mode.customers.recordConsent({
          customerId,
          language: consentLanguage,
          agreementType,
          operator,
        });
        return { customerId, consentId: consent.consentId, agreement: consent.agreement };
      }
    : undefined;
  return mode.payments.pay(request, onProgress, recordConsent);
}

/**
 * Payments with a saved card: the customer present (a cashier's) and merchant-initiated (a
 * supervisor's, by the permission table). The card is looked up in the active mode's
 * directory (`saved-card-not-found` when it is not this customer's); its token goes to the
 * engine only, never back across the bridge. Each is audited like a keyed sale, naming how
 * the card was used, and journalled under the acting operator.
 */
export function createSavedCardHandlers(deps: {
  operators: Pick<OperatorsService, 'acting' | 'actor'>;
  audit: AuditTrail;
  modes: PaymentModes;
  events: CoreEvents;
}): SavedCardHandlers {
  const { operators, audit, modes, events } = deps;

  async function paySaved(request: SavedSaleRequest, initiatedBy: InitiatedBy) {
    const actor = operators.actor();
    const operator = operators.acting();
    const acting = operator ? { operatorId: operator.operatorId, approverId: null } : null;
    const how = initiatedBy === 'Merchant' ? 'merchant-initiated' : 'saved card';
    audit.record('sale-started', {
      operatorId: actor,
      subject: request.merchantReferenceId,
      detail: `${request.amount} ${request.currency} (${how})`,
    });
    const result = await asActing(acting, async () => {
      const mode = modes.active();
      const card = await mode.customers.cardFor(request.customerId, request.cardId);
      return unwrap(
        mode.payments.paySaved(
          {
            amount: request.amount,
            currency: request.currency,
            merchantReferenceId: request.merchantReferenceId,
            ...(request.authorizeOnly === undefined
              ? {}
              : { authorizeOnly: request.authorizeOnly }),
            customerId: request.customerId,
            cardId: request.cardId,
            cvv: initiatedBy === 'Internet' ? request.cvv : null,
            card,
            initiatedBy,
          },
          (progress) => events.emit('saleProgress', progress),
        ),
      );
    });
    audit.record('sale-ended', {
      operatorId: actor,
      subject: result.attemptId,
      detail: result.outcome,
    });
    return result;
  }

  return {
    salePaySaved: (request) => paySaved(request, 'Internet'),
    saleChargeSaved: (request) => paySaved(request, 'Merchant'),
    savedCardRules: () => modes.active().payments.savedCardRules(),
  };
}
