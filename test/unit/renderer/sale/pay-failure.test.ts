import { describe, expect, it } from 'vitest';
import { paymentFailureCodes } from '../../../../shared/failures/payment-failures';
import { payFailureTitleKey } from '../../../../renderer/src/sale/pay-failure';

describe('the title over a failed Pay request', () => {
  it.each(['internal', 'ipc-failed'])(
    'never says "did not start" when nobody knows whether money moved (%s)',
    (code) => {
      expect(payFailureTitleKey(code)).toBe('sale.outcomeUnknown');
    },
  );

  it.each([...paymentFailureCodes, 'invalid-request', 'untrusted-sender', 'card-number-luhn'])(
    'says the payment did not start for a refusal raised before the attempt (%s)',
    (code) => {
      expect(payFailureTitleKey(code)).toBe('sale.notStarted');
    },
  );
});
