import { z } from 'zod';
import { gatewayCodes, type GatewayCode } from '../codes';
import type { Agreement, InitiatedBy, TokenRecord } from '../state';
import type { MerchantConfig } from './merchant-config';
import { cvvMatches } from './token-store';

/** A CVV as text, or as a number some clients send (numbers as strings, and back). */
export const tokenCvvSchema = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform(String)
  .pipe(z.string().regex(/^\d{3,4}$/, 'The CVV must be 3 or 4 digits.'));

/** Who pays with the token, and under which agreement (a merchant-initiated payment). */
export interface TokenUse {
  readonly initiatedBy: InitiatedBy;
  readonly agreement: Agreement | null;
}

const sameAgreement = (a: Agreement, b: Agreement): boolean => a.id === b.id && a.type === b.type;

/**
 * Whether the merchant configuration and the token allow this use: tokenization on, the
 * initiator allowed, and a merchant-initiated payment only under the very agreement the card
 * was saved with (none sent, none saved, or another one are each refused).
 */
export const checkTokenUse = (
  config: MerchantConfig,
  token: TokenRecord,
  use: TokenUse,
): GatewayCode | null => {
  if (!config.isTokenizationEnabled) return gatewayCodes.tokenizationDisabled;
  if (!config.allowedInitiatedByValues.includes(use.initiatedBy))
    return gatewayCodes.initiatedByNotAllowed;
  if (use.initiatedBy !== 'Merchant') return null;
  if (use.agreement === null) return gatewayCodes.agreementMissing;
  if (token.agreement === null) return gatewayCodes.tokenWithoutAgreement;
  return sameAgreement(token.agreement, use.agreement) ? null : gatewayCodes.agreementMismatch;
};

/**
 * The CVV of a token payment: one sent must be the card's; a customer-present payment needs
 * one (here or on payer/token, `matchedBefore`) when the configuration requires it.
 */
export const checkTokenCvv = (
  config: MerchantConfig,
  token: TokenRecord,
  use: TokenUse,
  cvv: string | undefined,
  matchedBefore: boolean,
): GatewayCode | null => {
  if (cvv !== undefined) return cvvMatches(token, cvv) ? null : gatewayCodes.cvvMismatch;
  const required = use.initiatedBy === 'Internet' && config.isCvvRequiredForTokenPayments;
  return required && !matchedBefore ? gatewayCodes.cvvRequired : null;
};

/**
 * Whether the payment goes through 3-D Secure: never for a merchant-initiated one (the
 * cardholder is not there), for a customer-present one when the configuration requires it.
 */
export const needsThreeDs = (config: MerchantConfig, use: TokenUse): boolean =>
  use.initiatedBy === 'Internet' && config.is3dsRequiredForTokenPayments;
