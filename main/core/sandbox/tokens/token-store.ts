import { err, ok, type Result } from '../../../../shared/result';
import { gatewayCodes, type GatewayCode } from '../codes';
import { digestOf } from '../digest';
import type { SandboxEnvironment } from '../operation-context';
import { expiryStillValid, maskedNumber } from '../rules/card-facts';
import type { Agreement, TokenRecord } from '../state';
import { cardBehaviour } from '../test-cards';
import type { CardBrand } from '../../../../shared/card/brands';

/** A card as a saving payment (or a planted token) knows it, for the moment of saving. */
export interface CardToSave {
  readonly digits: string;
  readonly brand: CardBrand | null;
  readonly cvv: string;
  readonly holderName: string | null;
  readonly expiryMonth: number;
  readonly expiryYear: number;
}

const cvvDigest = (numberDigest: string, cvv: string): string => digestOf(numberDigest, cvv);

/**
 * Saves a card as a token of `merchantPublicKey`: a new tokenId per save (each save carries
 * its own agreement), the card's own expiry, digests instead of number and CVV.
 */
export const saveToken = (
  env: SandboxEnvironment,
  card: CardToSave,
  owner: { merchantPublicKey: string; agreement: Agreement | null; sessionId: string | null },
): TokenRecord => {
  const behaviour = cardBehaviour(card.digits);
  const numberDigest = digestOf(card.digits);
  const token: TokenRecord = {
    id: env.uuid(),
    merchantPublicKey: owner.merchantPublicKey,
    numberDigest,
    cvvDigest: cvvDigest(numberDigest, card.cvv),
    brand: card.brand,
    masked: maskedNumber(card.digits),
    outcome: behaviour.outcome,
    challengeReturn: behaviour.challengeReturn,
    holderName: card.holderName,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
    agreement: owner.agreement,
    sessionId: owner.sessionId,
    createdAt: env.clock.now(),
  };
  env.state.tokens.set(token.id, token);
  return token;
};

/**
 * The merchant's token: unknown and another merchant's answer alike (`700.001`), so a key
 * cannot learn that another merchant's token exists.
 */
export const ownToken = (
  env: SandboxEnvironment,
  tokenId: string,
): Result<TokenRecord, GatewayCode> => {
  const token = env.state.tokens.get(tokenId.toLowerCase());
  return token && token.merchantPublicKey === env.merchant.merchantPublicKey
    ? ok(token)
    : err(gatewayCodes.tokenNotFound);
};

/** The merchant's token, to pay with: a card past its expiry is `700.002`. */
export const usableToken = (
  env: SandboxEnvironment,
  tokenId: string,
): Result<TokenRecord, GatewayCode> => {
  const found = ownToken(env, tokenId);
  if (!found.ok) return found;
  const { expiryMonth, expiryYear } = found.value;
  return expiryStillValid(expiryMonth, expiryYear, new Date(env.clock.now()))
    ? found
    : err(gatewayCodes.tokenExpired);
};

/** Whether `cvv` is the CVV of the card the token was saved from. */
export const cvvMatches = (token: TokenRecord, cvv: string): boolean =>
  cvvDigest(token.numberDigest, cvv) === token.cvvDigest;

/** The control `expireToken`: the card's expiry becomes last month by the sandbox clock. */
export const expireToken = (env: SandboxEnvironment, tokenId: string): boolean => {
  const token = env.state.tokens.get(tokenId.toLowerCase());
  if (!token) return false;
  const now = new Date(env.clock.now());
  const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  token.expiryMonth = lastMonth.getMonth() + 1;
  token.expiryYear = lastMonth.getFullYear() % 100;
  return true;
};

/** Get token's answer (GATEWAY-MORE.md §5.2), with the tokenId and mask official clients show. */
export const tokenShape = (token: TokenRecord) => ({
  tokenId: token.id,
  lastFourDigits: token.masked.slice(-4),
  maskedCardNumber: token.masked,
  schema: token.brand,
  cardholderName: token.holderName,
  expiryDate: { month: token.expiryMonth, year: token.expiryYear },
  isAppleToken: false,
  agreementId: token.agreement?.id ?? null,
  agreementType: token.agreement?.type ?? null,
});
