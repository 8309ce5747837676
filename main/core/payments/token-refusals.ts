import type { SavedCardFailureCode } from '../../../shared/failures/saved-card-failures';
import type { AttemptEnding } from './attempt-ending';

/**
 * The gateway's refusals of a token or of the merchant's token settings (the sandbox's
 * 700.xxx codes, docs/sandbox.md "Saved cards"), as Paydesk's failure codes. `flag`: the card
 * itself is refused (unknown or another merchant's) or expired, so the customer's record
 * marks it and the screen stops offering it. A wrong CVV (700.005) is a decline like any
 * other and flags nothing.
 */
const byGatewayCode: Readonly<
  Record<string, { code: SavedCardFailureCode; flag?: 'refused' | 'expired' }>
> = {
  '700.001': { code: 'saved-card-refused', flag: 'refused' },
  '700.002': { code: 'saved-card-expired', flag: 'expired' },
  '700.003': { code: 'saved-cards-off' },
  '700.004': { code: 'saved-card-cvv-required' },
  '700.006': { code: 'saved-cards-off' },
  '700.007': { code: 'saved-card-agreement' },
  '700.008': { code: 'saved-card-agreement' },
  '700.009': { code: 'saved-card-agreement' },
  '700.010': { code: 'saved-cards-off' },
  '700.011': { code: 'saved-cards-off' },
};

/** An ending that charged nothing, reworded when the gateway refused the token's terms. */
export function tokenRefusal(ending: AttemptEnding): {
  ending: AttemptEnding;
  flag: 'refused' | 'expired' | null;
} {
  const gatewayCode = ending.failure?.gatewayCode;
  const known = gatewayCode ? byGatewayCode[gatewayCode] : undefined;
  // Paid, held or in doubt: the money's word stands, whatever a code says.
  const charged = ['paid', 'authorized', 'in-doubt'].includes(ending.status);
  if (!known || !ending.failure || charged) return { ending, flag: null };
  return {
    ending: { ...ending, failure: { ...ending.failure, code: known.code } },
    flag: known.flag ?? null,
  };
}
