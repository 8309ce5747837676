import { describe, expect, it } from 'vitest';
import type { AttemptEnding } from '../../../../main/core/payments/attempt-ending';
import { tokenRefusal } from '../../../../main/core/payments/token-refusals';

const refusedWith = (
  status: AttemptEnding['status'],
  gatewayCode: string | null,
): AttemptEnding => ({
  status,
  failure: { code: 'gateway-refused', gatewayCode, gatewayMessage: null, correlationId: 'c-1' },
});

describe('a token refusal in Paydesk’s words', () => {
  it.each([
    ['700.001', 'saved-card-refused', 'refused'],
    ['700.002', 'saved-card-expired', 'expired'],
    ['700.003', 'saved-cards-off', null],
    ['700.004', 'saved-card-cvv-required', null],
    ['700.006', 'saved-cards-off', null],
    ['700.007', 'saved-card-agreement', null],
    ['700.008', 'saved-card-agreement', null],
    ['700.009', 'saved-card-agreement', null],
    ['700.011', 'saved-cards-off', null],
  ] as const)('%s is %s (flag: %s)', (gatewayCode, code, flag) => {
    const { ending, flag: flagged } = tokenRefusal(refusedWith('rejected', gatewayCode));
    expect(ending.failure).toEqual({
      code,
      gatewayCode,
      gatewayMessage: null,
      correlationId: 'c-1',
    });
    expect(flagged).toBe(flag);
  });

  it('a wrong CVV (700.005) stays a decline and flags nothing', () => {
    const declined = refusedWith('declined', '700.005');
    expect(tokenRefusal(declined)).toEqual({ ending: declined, flag: null });
  });

  it.each(['paid', 'authorized', 'in-doubt'] as const)(
    'never rewords a %s ending, whatever its code',
    (status) => {
      const ending = refusedWith(status, '700.001');
      expect(tokenRefusal(ending)).toEqual({ ending, flag: null });
    },
  );

  it('leaves other gateway codes and endings without a failure alone', () => {
    const other = refusedWith('declined', '300.001');
    expect(tokenRefusal(other).ending).toBe(other);
    const clean: AttemptEnding = { status: 'cancelled', failure: null };
    expect(tokenRefusal(clean).ending).toBe(clean);
  });
});
