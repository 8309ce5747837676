import type { Currency } from '../../../../shared/money/currencies';
import { err, ok, type Result } from '../../../../shared/result';
import { gatewayCodes, type GatewayCode } from '../codes';
import type { SandboxEnvironment } from '../operation-context';
import { setAuthentication } from '../order-lifecycle';
import { newOrderRecord, savedCard, type OrderOrigin } from '../order-record';
import { findSessionOrder } from '../rules/order-rules';
import type { OrderRecord, TokenRecord } from '../state';
import { checkTokenUse, needsThreeDs, type TokenUse } from './token-rules';
import { usableToken } from './token-store';

/** How a token call names its order: by session and order (v6, v2), or by order alone (v3, v1). */
export interface TokenOrderKey {
  readonly sessionId?: string | undefined;
  readonly orderId: string;
  /** The token, when the call repeats it: it must be the order's. */
  readonly tokenId?: string | undefined;
}

/**
 * The token order of a payer/token or pay/token call, with its token checked again (it may
 * have expired, or the configuration changed, since initiate/token). An order started with a
 * typed card, or a different token, is a mismatch (`300.001`).
 */
export const findTokenOrder = (
  env: SandboxEnvironment,
  key: TokenOrderKey,
): Result<{ order: OrderRecord; token: TokenRecord }, GatewayCode> => {
  let order: OrderRecord | undefined;
  if (key.sessionId === undefined) {
    order = env.state.orders.get(key.orderId);
    if (!order) return err(gatewayCodes.orderNotFound);
    env.readLag.willChange(order);
  } else {
    const found = findSessionOrder(env, key.sessionId, key.orderId);
    if (!found.ok) return found;
    order = found.value;
  }
  const { tokenId, withToken, initiatedBy, agreement } = order.tokenization;
  if (!withToken || tokenId === null) return err(gatewayCodes.valuesMismatch);
  if (key.tokenId !== undefined && key.tokenId !== tokenId) return err(gatewayCodes.valuesMismatch);
  const token = usableToken(env, tokenId);
  if (!token.ok) return token;
  const refused = checkTokenUse(env.faults.merchantConfig, token.value, { initiatedBy, agreement });
  return refused ? err(refused) : ok({ order, token: token.value });
};

/** What opening a token order needs: the session (or v3's and v1's own terms) and the use. */
export interface TokenOrderStart {
  readonly session: OrderOrigin['session'];
  readonly tokenId: string;
  readonly orderId?: string | undefined;
  readonly returnUrl: string | null;
  readonly callbackUrl: string | null;
  readonly source?: string | undefined;
  readonly use: TokenUse;
}

/**
 * Opens an order paid by a saved card: the token must be this merchant's and usable, and the
 * configuration must allow the use. Without 3-D Secure (a merchant-initiated payment, or a
 * customer-present one the configuration lets through) the order is authenticated at once
 * with `ContinueToPay`; with it, the card's own decision applies, as for a typed card. A
 * `direct` payment (pay/token v1 without an order) cannot authenticate: one that needs
 * 3-D Secure is refused (`700.010`). A token order never saves a new token.
 */
export const openTokenOrder = (
  env: SandboxEnvironment,
  start: TokenOrderStart,
  mode: 'authenticate' | 'direct',
): Result<{ order: OrderRecord; token: TokenRecord }, GatewayCode> => {
  if (start.orderId && env.state.orders.has(start.orderId)) return err(gatewayCodes.orderIdReused);
  const token = usableToken(env, start.tokenId);
  if (!token.ok) return token;
  const config = env.faults.merchantConfig;
  const threeDs = needsThreeDs(config, start.use);
  const refused =
    checkTokenUse(config, token.value, start.use) ??
    (threeDs && mode === 'direct' ? gatewayCodes.threeDsRequired : null);
  if (refused) return err(refused);
  const order = newOrderRecord(env, {
    id: start.orderId ?? env.uuid(),
    session: start.session,
    returnUrl: start.returnUrl ?? `${env.baseUrl}/merchant-initiated`,
    callbackUrl: start.callbackUrl,
    source: start.source ?? 'DirectAPI',
    card: savedCard(token.value),
    ...(threeDs ? {} : { decision: 'ContinueToPay' as const }),
  });
  Object.assign(order.tokenization, {
    withToken: true,
    tokenId: token.value.id,
    initiatedBy: start.use.initiatedBy,
    agreement: start.use.agreement,
  });
  const decision = order.initiateDecision;
  if (decision !== 'ContinueToPayer')
    setAuthentication(env, order, decision === 'Reject' ? 'rejected' : 'passed');
  return ok({ order, token: token.value });
};

/**
 * The terms of an order opened without a session (initiate/token v3, pay/token v1): the
 * amount, currency, reference and operation the call sent. Its session id names no session.
 */
export const sessionlessTerms = (
  env: SandboxEnvironment,
  terms: {
    amountMinor: number;
    currency: Currency;
    merchantReferenceId?: string | undefined;
    paymentOperation?: string | undefined;
    language: string;
  },
): OrderOrigin['session'] => ({
  id: env.uuid(),
  merchantReferenceId: terms.merchantReferenceId ?? env.uuid(),
  amountMinor: terms.amountMinor,
  currency: terms.currency,
  paymentOperation: terms.paymentOperation ?? 'Pay',
  language: terms.language,
});
