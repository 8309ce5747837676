import { gatewayAmount } from '../../../shared/money/amount';
import type { CardAgreement } from '../ports';
import type { InitiatedBy } from '../gateway/token-calls';
import type { AttemptContext } from './attempt-context';
import type { AttemptEnding } from './attempt-ending';
import { openSession, sessionKeyOf } from './attempt-flow';
import { authenticate, type AuthenticationCalls } from './authentication-steps';
import { charge, type PaySender } from './pay-steps';
import type { SaleTerms } from './sale-validation';
import type { SessionSlot } from './session-slot';

/**
 * A payment with a saved card: the sale's terms, the token it pays with, and what the
 * journal and the same-card guard know of the card (its mask, never more).
 */
export interface TokenSale extends SaleTerms {
  /** A secret of the merchant account: in memory for this attempt, never journalled. */
  tokenId: string;
  /** Customer present: the CVV when the merchant's rules want it; dropped with the attempt. */
  cvv: string | null;
  initiatedBy: InitiatedBy;
  /** The token's agreement; a merchant-initiated payment is charged under it. */
  agreement: CardAgreement | null;
}

/** The token 3-D Secure calls, v6: the session's order, the token instead of the card. */
function tokenAuthentication(ctx: AttemptContext<TokenSale>): AuthenticationCalls {
  const { sale } = ctx;
  const sessionId = () => ctx.session?.sessionId ?? '';
  const merchantInitiated = sale.initiatedBy === 'Merchant';
  return {
    initiate: (signal) =>
      ctx.access.client.initiateToken(
        {
          sessionId: sessionId(),
          tokenId: sale.tokenId,
          returnUrl: ctx.returnUrl,
          operation: sale.operation,
          initiatedBy: sale.initiatedBy,
          agreement: sale.agreement,
        },
        signal,
      ),
    // The customer is not there to pass a challenge: a merchant-initiated payment has none.
    payer: merchantInitiated
      ? null
      : (input, signal) =>
          ctx.access.client.authenticatePayerToken(
            {
              sessionId: sessionId(),
              ...input,
              tokenId: sale.tokenId,
              returnUrl: ctx.returnUrl,
              cvv: sale.cvv,
              operation: sale.operation,
            },
            signal,
          ),
  };
}

/** Pay with token v2 on the session's order, signed like the session with a new timestamp. */
function tokenPay(ctx: AttemptContext<TokenSale>): PaySender {
  const { sale } = ctx;
  return (ready) =>
    ctx.access.client.payToken({
      sessionId: ctx.session?.sessionId ?? '',
      orderId: ready.orderId,
      threeDSecureId: ready.threeDSecureId,
      cvv: sale.cvv,
      initiatedBy: sale.initiatedBy,
      agreement: sale.agreement,
      operation: sale.operation,
      amount: gatewayAmount(sale.amountMinor, sale.currency),
      currency: sale.currency,
      merchantReferenceId: sale.merchantReferenceId,
      timestamp: new Date(ctx.env.clock.now()).toISOString(),
    });
}

/**
 * One saved-card payment from session to outcome, through the same steps as a keyed one:
 * session, token Initiate (its order id journalled before anything else is sent), the method
 * page, token Authenticate Payer and the challenge when the customer is present (a
 * merchant-initiated payment goes straight to Pay), then Pay with token under the same
 * exactly-once rules as Pay.
 */
export async function runTokenAttempt(
  ctx: AttemptContext<TokenSale>,
  slot: SessionSlot,
): Promise<AttemptEnding> {
  const sessionEnding = await openSession(ctx, slot, sessionKeyOf(ctx));
  if (sessionEnding) return sessionEnding;
  const authenticated = await authenticate(ctx, tokenAuthentication(ctx));
  if ('status' in authenticated) return authenticated;
  return charge(ctx, authenticated, tokenPay(ctx));
}
