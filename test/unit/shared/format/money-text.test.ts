import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../../shared/format/money-text';
import { formatCount } from '../../../../renderer/src/format/count';
import { formatElapsed } from '../../../../renderer/src/format/date-time';

// Intl output carries no-break and bidi marks; compare on plain spaces.
const plain = (text: string) =>
  text.replace(/[\u00a0\u202f]/g, ' ').replace(/[\u200e\u200f\u061c]/g, '');

describe('formatMoney', () => {
  it.each([
    [12550, 'SAR', 'SAR 125.50'],
    [123456789, 'SAR', 'SAR 1,234,567.89'],
    [1500, 'KWD', 'KWD 1.500'],
    [500, 'JPY', 'JPY 500'],
    [5, 'EGP', 'EGP 0.05'],
    // Beyond float precision for a division by 100, exact through the decimal text.
    [9007199254740991, 'USD', 'USD 90,071,992,547,409.91'],
  ] as const)('%i %s in English is %s', (minor, currency, text) => {
    expect(plain(formatMoney(minor, currency, 'en'))).toBe(text);
  });

  it('uses Arabic digits and separators in Arabic', () => {
    const arabic = plain(formatMoney(123456, 'SAR', 'ar'));
    expect(arabic).toMatch(/SAR/);
    const expected = new Intl.NumberFormat('ar', { minimumFractionDigits: 2 }).format(1234.56);
    expect(arabic).toContain(plain(expected));
  });
});

describe('counts and elapsed time', () => {
  it('formats with the language’s digits', () => {
    expect(formatCount(100000, 'en')).toBe('100,000');
    expect(formatCount(12, 'ar')).toBe(new Intl.NumberFormat('ar').format(12));
  });

  it.each([
    [0, '0:00'],
    [999, '0:00'],
    [7_400, '0:07'],
    [61_000, '1:01'],
    [16 * 60_000 + 5_000, '16:05'],
    [-50, '0:00'],
  ])('%i ms elapsed shows as %s', (ms, text) => {
    expect(formatElapsed(ms, 'en')).toBe(text);
  });
});
