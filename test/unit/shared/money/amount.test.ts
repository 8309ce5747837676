import { describe, expect, it } from 'vitest';
import {
  currencyExponent,
  formatMinor,
  gatewayAmount,
  minorFromGatewayAmount,
  parseAmount,
} from '../../../../shared/money/amount';
import { currencies } from '../../../../shared/money/currencies';

describe('currencyExponent', () => {
  it.each([
    ['SAR', 2],
    ['KWD', 3],
    ['JPY', 0],
  ] as const)('%s → %i', (currency, exponent) => {
    expect(currencyExponent(currency)).toBe(exponent);
  });
});

describe('parseAmount', () => {
  it.each([
    ['10', 'SAR', 1000],
    ['10.5', 'SAR', 1050],
    ['10.50', 'SAR', 1050],
    ['0.01', 'SAR', 1],
    ['  12345.67 ', 'SAR', 1234567],
    ['007', 'SAR', 700],
    ['10.005', 'KWD', 10005],
    ['10.5', 'KWD', 10500],
    ['500', 'JPY', 500],
    ['90071992547409.91', 'SAR', Number.MAX_SAFE_INTEGER],
  ] as const)('%j %s → %i', (text, currency, minor) => {
    expect(parseAmount(text, currency)).toEqual({ ok: true, value: minor });
  });

  it.each([
    ['', 'SAR', 'amount-required'],
    ['   ', 'SAR', 'amount-required'],
    ['-1', 'SAR', 'amount-negative'],
    ['- 1.50', 'SAR', 'amount-negative'],
    ['-0', 'SAR', 'amount-negative'],
    ['0', 'SAR', 'amount-zero'],
    ['0.00', 'SAR', 'amount-zero'],
    ['0', 'JPY', 'amount-zero'],
    ['1e3', 'SAR', 'amount-format'],
    ['1,000', 'SAR', 'amount-format'],
    ['1 000', 'SAR', 'amount-format'],
    ['10.', 'SAR', 'amount-format'],
    ['.5', 'SAR', 'amount-format'],
    ['abc', 'SAR', 'amount-format'],
    ['-abc', 'SAR', 'amount-format'],
    ['+5', 'SAR', 'amount-format'],
    ['10,50', 'SAR', 'amount-format'],
    ['١٠', 'SAR', 'amount-format'],
    ['Infinity', 'SAR', 'amount-format'],
    ['10.005', 'SAR', 'amount-decimals'],
    ['10.500', 'SAR', 'amount-decimals'],
    ['10.0005', 'KWD', 'amount-decimals'],
    ['500.5', 'JPY', 'amount-decimals'],
    ['500.0', 'JPY', 'amount-decimals'],
    ['90071992547409.92', 'SAR', 'amount-over-cap'],
    ['99999999999999999999', 'JPY', 'amount-over-cap'],
  ] as const)('%j %s → %s', (text, currency, error) => {
    expect(parseAmount(text, currency)).toEqual({ ok: false, error });
  });

  it('applies a business cap in minor units, inclusive', () => {
    expect(parseAmount('1000.00', 'SAR', 100_000)).toEqual({ ok: true, value: 100_000 });
    expect(parseAmount('1000.01', 'SAR', 100_000)).toEqual({ ok: false, error: 'amount-over-cap' });
    expect(parseAmount('1.00', 'SAR', 100.5)).toEqual({ ok: true, value: 100 });
    expect(parseAmount('1.01', 'SAR', 100.5)).toEqual({ ok: false, error: 'amount-over-cap' });
  });
});

describe('formatMinor', () => {
  it.each([
    [1234567, 'SAR', '12345.67'],
    [1, 'SAR', '0.01'],
    [100, 'SAR', '1.00'],
    [100000000, 'SAR', '1000000.00'],
    [10005, 'KWD', '10.005'],
    [5, 'KWD', '0.005'],
    [500, 'JPY', '500'],
    [-150, 'SAR', '-1.50'],
  ] as const)('%i %s → %j', (minor, currency, text) => {
    expect(formatMinor(minor, currency)).toBe(text);
  });
});

describe('gatewayAmount and minorFromGatewayAmount', () => {
  it.each([
    [1234567, 'SAR', '12345.67'],
    [1050, 'SAR', '10.5'],
    [100000, 'SAR', '1000'],
    [10005, 'KWD', '10.005'],
    [500, 'JPY', '500'],
  ] as const)('%i %s goes on the wire as %s', (minor, currency, json) => {
    expect(JSON.stringify({ amount: gatewayAmount(minor, currency) })).toBe(`{"amount":${json}}`);
  });

  it('round-trips minor units through the JSON number for every currency', () => {
    const samples = [1, 5, 99, 100, 101, 1005, 99999, 123456789, 999999999999, 2 ** 40 + 7];
    for (const currency of currencies) {
      for (const minor of samples) {
        const wire = JSON.parse(JSON.stringify(gatewayAmount(minor, currency))) as number;
        expect(minorFromGatewayAmount(wire, currency), `${minor} ${currency}`).toEqual({
          ok: true,
          value: minor,
        });
        expect(parseAmount(formatMinor(minor, currency), currency)).toEqual({
          ok: true,
          value: minor,
        });
      }
    }
  });

  it.each([
    [0.1 + 0.2, 'SAR', 'amount-decimals'],
    [10.005, 'SAR', 'amount-decimals'],
    [-5, 'SAR', 'amount-negative'],
    [0, 'SAR', 'amount-zero'],
    [Number.NaN, 'SAR', 'amount-format'],
    [Number.POSITIVE_INFINITY, 'SAR', 'amount-format'],
    [1e21, 'SAR', 'amount-over-cap'],
  ] as const)('refuses gateway amount %d %s with %s', (amount, currency, error) => {
    expect(minorFromGatewayAmount(amount, currency)).toEqual({ ok: false, error });
  });
});
