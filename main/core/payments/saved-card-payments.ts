import type { AttemptResult, SavedCardRules } from '../../../shared/ipc';
import { brandSchema } from '../../../shared/ipc-base';
import { validateCvv } from '../../../shared/card/cvv';
import { capMinorOf } from '../../../shared/money/amount';
import type { Currency } from '../../../shared/money/currencies';
import { validateOrder } from '../../../shared/order-rules';
import { ok } from '../../../shared/result';
import type { InitiatedBy, MerchantConfig } from '../gateway/token-calls';
import type { Journal } from '../journal/journal';
import type { CardAgreement, SavedCardSink, SavedCardToken } from '../ports';
import {
  progressReporter,
  returnUrlFor,
  type AttemptContext,
  type EngineEnv,
} from './attempt-context';
import type { AttemptEnding } from './attempt-ending';
import { refusal, refusalNaming, type EngineResult } from './engine-failure';
import type { GatewayAccess, GatewayAccessError } from './gateway-access';
import type { PaymentSettings } from './payment-deps';
import type { SaleProgress } from './payment-service';
import { paymentHolding } from './reference-in-use';
import type { SaleRun } from './sale-run';
import { stopParams, type SameCardGuard } from './same-card-guard';
import type { SessionSlot } from './session-slot';
import { runTokenAttempt, type TokenSale } from './token-flow';
import { tokenRefusal } from './token-refusals';
import type { Result } from '../../../shared/result';
import type { SavedCardState } from '../../../shared/ipc-customers';

/** A saved card as the customers' directory hands it to the engine for one payment. */
export interface SavedCardForPayment {
  token: SavedCardToken;
  agreement: CardAgreement | null;
  state: SavedCardState;
}

/** A payment with a saved card, the card already looked up by the IPC layer. */
export interface SavedPaymentRequest {
  amount: string;
  currency: Currency;
  merchantReferenceId: string;
  authorizeOnly?: boolean;
  customerId: string;
  cardId: string;
  /** Customer present only; a merchant-initiated payment sends none. */
  cvv: string | null;
  card: SavedCardForPayment;
  /** `Internet`: the customer is present; `Merchant`: charged under the card's agreement. */
  initiatedBy: InitiatedBy;
}

export interface SavedCardPaymentsDeps {
  journal: Journal;
  env: EngineEnv;
  settings: () => PaymentSettings;
  openAccess: () => Promise<Result<GatewayAccess, GatewayAccessError>>;
  sameCard: Pick<SameCardGuard, 'stopping'>;
  slot: SessionSlot;
  runSale: SaleRun;
  savedCards: SavedCardSink | undefined;
  /** How long a merchant configuration read is trusted before it is read again. */
  rulesTtlMs: number;
}

const messages = {
  invalid: 'The payment was refused by the input rules.',
  gateway: 'The gateway cannot be reached with the current settings.',
  reference: 'This merchant reference already has a payment that is paid or being checked.',
  sameCard: 'A payment with this card and amount is in doubt; the operator has not chosen.',
  expired: 'The saved card has expired.',
  refused: 'The gateway refused this saved card before.',
  agreement: 'The card was saved without an agreement to charge it without the customer.',
  off: 'The merchant configuration does not allow this payment with a saved card.',
  cvv: 'The merchant configuration requires the CVV for saved cards.',
};

/** Past the last day of its expiry month by our clock. */
const expiredBy = (token: SavedCardToken, now: number) => {
  const date = new Date(now);
  const month = date.getUTCFullYear() * 12 + date.getUTCMonth() + 1;
  return token.expiryYear * 12 + token.expiryMonth < month;
};

const rulesOf = (config: MerchantConfig, readAt: number): SavedCardRules => ({
  tokenizationEnabled: config.isTokenizationEnabled,
  cvvRequired: config.isCvvRequiredForTokenPayments,
  threeDsRequired: config.is3dsRequiredForTokenPayments,
  merchantInitiatedAllowed:
    config.isTokenizationEnabled && config.allowedInitiatedByValues.includes('Merchant'),
  readAt,
});

const unknownRules: SavedCardRules = {
  tokenizationEnabled: false,
  cvvRequired: false,
  threeDsRequired: false,
  merchantInitiatedAllowed: false,
  readAt: null,
};

/**
 * Payments with a customer's saved card: present (token 3-D Secure, the CVV when the
 * merchant's rules want it) or merchant-initiated (under the card's agreement, no challenge).
 * Through the same run as a keyed sale (sale-run.ts): journalled before each call, Pay with
 * token at most once, in-doubt answers settled by Get order, and a refused token flagged on
 * the customer's record. The caller holds the one-sale-at-a-time lock.
 */
export function createSavedCardPayments(deps: SavedCardPaymentsDeps) {
  const { journal, env } = deps;
  const now = () => env.clock.now();
  let cached: { key: string; rules: SavedCardRules } | null = null;

  /** The merchant's token rules, read from the gateway at most once per `rulesTtlMs`. */
  async function rules(): Promise<SavedCardRules> {
    const access = await deps.openAccess();
    if (!access.ok) return unknownRules;
    const key = `${access.value.origin} ${access.value.merchantPublicKey}`;
    const fresh = cached?.key === key && (cached.rules.readAt ?? 0) + deps.rulesTtlMs > now();
    if (cached && fresh) return cached.rules;
    const read = await access.value.client.merchantConfig();
    if (!read.ok) {
      env.logger.warn('merchant configuration not read', { kind: read.error.kind });
      return unknownRules;
    }
    cached = { key, rules: rulesOf(read.value, now()) };
    return cached.rules;
  }

  /** What stops a payment before anything is sent: the card's state, agreement and rules. */
  function refusedUpFront(request: SavedPaymentRequest, known: SavedCardRules) {
    const { card, initiatedBy } = request;
    if (card.state === 'expired' || expiredBy(card.token, now())) {
      return refusal('saved-card-expired', messages.expired);
    }
    if (card.state === 'refused') return refusal('saved-card-refused', messages.refused);
    if (initiatedBy === 'Merchant' && !card.agreement) {
      return refusal('saved-card-agreement', messages.agreement);
    }
    // Unread rules (readAt null) refuse nothing here: the gateway's answer decides.
    if (known.readAt !== null) {
      const allowed = initiatedBy === 'Merchant' ? known.merchantInitiatedAllowed : true;
      if (!known.tokenizationEnabled || !allowed) return refusal('saved-cards-off', messages.off);
      if (initiatedBy === 'Internet' && known.cvvRequired && !request.cvv) {
        return refusal('saved-card-cvv-required', messages.cvv);
      }
    }
    return null;
  }

  async function pay(
    request: SavedPaymentRequest,
    run: { controller: AbortController; paySent: boolean },
    onProgress: (progress: SaleProgress) => void,
  ): Promise<EngineResult<AttemptResult>> {
    const startedAt = now();
    const settings = deps.settings();
    const order = validateOrder(request, capMinorOf(settings.amountCap, request.currency));
    if (!order.ok) return refusal(order.error, messages.invalid);
    const brand = brandSchema.safeParse(request.card.token.brand?.toLowerCase()).data ?? null;
    // A merchant-initiated payment has no CVV to send; a present one only the one typed.
    let cvv: string | null = null;
    if (request.initiatedBy === 'Internet' && request.cvv !== null && request.cvv.trim() !== '') {
      const checked = validateCvv(request.cvv, brand);
      if (!checked.ok) return refusal(checked.error, messages.invalid);
      cvv = checked.value;
    }
    const stop = refusedUpFront({ ...request, cvv }, await rules());
    if (stop) return stop;
    const masked = request.card.token.maskedCard;
    const sale: TokenSale = {
      amountMinor: order.value.amountMinor,
      currency: request.currency,
      merchantReferenceId: order.value.merchantReferenceId,
      operation: request.authorizeOnly ? 'PreAuthorize' : 'Pay',
      phone: null,
      tokenId: request.card.token.tokenId,
      cvv,
      initiatedBy: request.initiatedBy,
      agreement: request.initiatedBy === 'Merchant' ? request.card.agreement : null,
    };
    const card = { first6: masked.slice(0, 6), last4: masked.slice(-4) };
    const holder = paymentHolding(journal, sale.merchantReferenceId);
    if (holder) return refusal('reference-in-use', messages.reference, holder);
    const inDoubt = deps.sameCard.stopping({ ...card, ...sale });
    if (inDoubt) {
      return refusalNaming('same-card-in-doubt', messages.sameCard, stopParams(inDoubt));
    }
    const access = await deps.openAccess();
    if (!access.ok) return refusal(access.error, messages.gateway);
    const attemptId = env.ids.uuid();
    let recorded = false;
    const ctx: AttemptContext<TokenSale> = {
      attemptId,
      sale,
      access: access.value,
      returnUrl: returnUrlFor(settings.returnHost, attemptId),
      language: settings.language,
      signal: run.controller.signal,
      env,
      progress: progressReporter(env, attemptId, startedAt, onProgress),
      session: null,
      record: () => {
        if (recorded) return;
        journal.createAttempt(
          {
            attemptId,
            merchantReferenceId: sale.merchantReferenceId,
            amountMinor: sale.amountMinor,
            currency: sale.currency,
            brand,
            ...card,
            holderName: '',
            createdAt: startedAt,
            gatewayBaseUrl: access.value.baseUrl,
            merchantPublicKey: access.value.merchantPublicKey,
            paymentOperation: sale.operation,
            cardSource: request.initiatedBy === 'Merchant' ? 'merchant-initiated' : 'saved',
          },
          { step: 'created', outcome: 'started', detail: `saved card ${request.cardId}` },
        );
        recorded = true;
      },
      markPaySent: () => (run.paySent = true),
    };
    const reword = (ending: AttemptEnding) => {
      const { ending: named, flag } = tokenRefusal(ending);
      if (flag) {
        try {
          deps.savedCards?.tokenRefused({
            customerId: request.customerId,
            cardId: request.cardId,
            code: named.failure?.code ?? flag,
            expired: flag === 'expired',
          });
        } catch (error) {
          env.logger.error('refused saved card not flagged', { attemptId, error });
        }
      }
      return named;
    };
    return ok(await deps.runSale(ctx, run, () => runTokenAttempt(ctx, deps.slot), reword));
  }

  return { pay, rules };
}

export type SavedCardPayments = ReturnType<typeof createSavedCardPayments>;
