import { describe, expect, it } from 'vitest';
import { gatewayAmount } from '../../../../shared/money/amount';
import { jsonCarriesExactly, parseSaleAmount } from '../../../../shared/money/exact-amount';

describe('parseSaleAmount: what JSON carries is what was typed', () => {
  it.each([
    ['70368744177664.01', 'SAR'],
    ['12345678901234.56', 'SAR'],
    ['1234567890123.456', 'KWD'],
    ['90071992547409.91', 'USD'],
    ['1234567890123456', 'JPY'],
  ] as const)('refuses %s %s', (typed, currency) => {
    expect(parseSaleAmount(typed, currency)).toEqual({ ok: false, error: 'amount-not-exact' });
  });

  it('would have lost a cent on the wire without the rule', () => {
    expect(JSON.stringify(gatewayAmount(7036874417766401, 'SAR'))).toBe('70368744177664.02');
    expect(jsonCarriesExactly(7036874417766401, 'SAR')).toBe(false);
  });

  it.each([
    ['10.00', 'SAR', 1000],
    ['0.01', 'SAR', 1],
    ['7036874417766.01', 'SAR', 703687441776601],
    ['999999999999999', 'JPY', 999999999999999],
    ['70368744177664', 'SAR', 7036874417766400],
    ['10.250', 'KWD', 10250],
    ['10.25', 'BHD', 10250],
    ['1', 'OMR', 1000],
  ] as const)('accepts %s %s as %i minor units', (typed, currency, minor) => {
    expect(parseSaleAmount(typed, currency)).toEqual({ ok: true, value: minor });
    expect(jsonCarriesExactly(minor, currency)).toBe(true);
  });

  it.each(['KWD', 'BHD', 'OMR', 'JOD'] as const)(
    'refuses a non-zero third decimal in %s (the signature carries two)',
    (currency) => {
      expect(parseSaleAmount('10.005', currency)).toEqual({
        ok: false,
        error: 'amount-third-decimal',
      });
      expect(parseSaleAmount('0.001', currency)).toEqual({
        ok: false,
        error: 'amount-third-decimal',
      });
    },
  );

  it('keeps parseAmount’s own refusals first', () => {
    expect(parseSaleAmount('', 'SAR')).toEqual({ ok: false, error: 'amount-required' });
    expect(parseSaleAmount('10.001', 'SAR')).toEqual({ ok: false, error: 'amount-decimals' });
    expect(parseSaleAmount('1e3', 'SAR')).toEqual({ ok: false, error: 'amount-format' });
  });
});
