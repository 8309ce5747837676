import { describe, expect, it } from 'vitest';
import { formatMinor, gatewayAmount } from '../../../../shared/money/amount';
import { signatureAmountText } from '../../../../shared/money/signature-amount';

describe('signatureAmountText', () => {
  it.each([
    [10, '10.00'],
    [10.5, '10.50'],
    [0.01, '0.01'],
    [1000, '1000.00'],
    [1000.5, '1000.50'],
    [1234567.89, '1234567.89'],
    [12345.67, '12345.67'],
    // Binary float traps: toFixed sees 1.00499…, 2.67499…, 1.04499…; the decimal text does not.
    [1.005, '1.01'],
    [2.675, '2.68'],
    [1.045, '1.05'],
    [0.995, '1.00'],
    [9.995, '10.00'],
    [999.995, '1000.00'],
    // 3-decimal currencies are rounded half up to the gateway's 2 decimals.
    [10.005, '10.01'],
    [10.004, '10.00'],
    [0.001, '0.00'],
    // Exponent notation from String(): tiny and huge values still come out plain.
    [1e-7, '0.00'],
    [5e-3, '0.01'],
    [1e21, '1000000000000000000000.00'],
    [-1.005, '-1.01'],
    [-0.001, '0.00'],
  ])('%d → %j', (amount, text) => {
    expect(signatureAmountText(amount)).toBe(text);
  });

  it('does not fall into the toFixed trap it exists to avoid', () => {
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(signatureAmountText(1.005)).toBe('1.01');
  });

  it('ignores the locale: Arabic digits and grouping never appear', () => {
    const amount = 1234567.5;
    expect(amount.toLocaleString('ar-SA', { minimumFractionDigits: 2 })).not.toBe('1234567.50');
    expect(signatureAmountText(amount)).toBe('1234567.50');
  });

  it('agrees with formatMinor for every 2-decimal amount sent to the gateway', () => {
    for (let minor = 1; minor < 200_000; minor += 7) {
      expect(signatureAmountText(gatewayAmount(minor, 'SAR'))).toBe(formatMinor(minor, 'SAR'));
    }
  });
});
