import { describe, expect, it } from 'vitest';
import { luhnValid, normaliseCardNumber, validateCardNumber } from '../../../../shared/card/number';
import { completeWithLuhn } from './luhn-complete';
import { gatewayTestCards } from './gateway-cards';

describe('normaliseCardNumber', () => {
  it.each([
    ['5123 4500 0000 0008', '5123450000000008'],
    ['5123-4500-0000-0008', '5123450000000008'],
    [' 5123\t4500 ', '51234500'],
    ['5123.4500', '5123.4500'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normaliseCardNumber(input)).toBe(expected);
  });
});

describe('luhnValid', () => {
  it.each(gatewayTestCards)('GATEWAY.md test card %s passes', (card) => {
    expect(luhnValid(card)).toBe(true);
  });

  it.each([
    ['5123450000000008', true],
    ['5123450000000007', false],
    ['4111111111111111', true],
    ['4111111111111112', false],
    ['378282246310005', true],
    ['0', true],
    ['', false],
    ['4111 1111 1111 1111', false],
    ['abcd', false],
  ])('%j → %s', (digits, expected) => {
    expect(luhnValid(digits)).toBe(expected);
  });

  it('catches every single wrong digit and every adjacent swap of different digits', () => {
    const card = '4440000042200014';
    for (let i = 0; i < card.length; i += 1) {
      for (let d = 0; d <= 9; d += 1) {
        const changed = card.slice(0, i) + String(d) + card.slice(i + 1);
        expect(luhnValid(changed), changed).toBe(changed === card);
      }
    }
    const swapped = '4440000024200014';
    expect(luhnValid(swapped)).toBe(false);
  });
});

describe('validateCardNumber', () => {
  const mada = completeWithLuhn('588845', 16, '1');

  it.each([
    ['5123450000000008', { digits: '5123450000000008', brand: 'mastercard' }],
    ['5123 4500 0000 0008', { digits: '5123450000000008', brand: 'mastercard' }],
    ['4440-0000-4220-0014', { digits: '4440000042200014', brand: 'visa' }],
    ['3782 822463 10005', { digits: '378282246310005', brand: 'amex' }],
    [mada, { digits: mada, brand: 'mada' }],
    ['6011111111111117', { digits: '6011111111111117', brand: null }],
  ])('accepts %j', (input, value) => {
    expect(validateCardNumber(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'card-number-required'],
    [' - - ', 'card-number-required'],
    ['5123.4500.0000.0008', 'card-number-not-digits'],
    ['5123450000000O08', 'card-number-not-digits'],
    ['١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦', 'card-number-not-digits'],
    ['5123450000000007', 'card-number-luhn'],
    // A Luhn-valid 15-digit number with a visa prefix: the length rule speaks first.
    [completeWithLuhn('4111', 15), 'card-number-length'],
    [completeWithLuhn('37', 16), 'card-number-length'],
    [completeWithLuhn('588845', 15), 'card-number-length'],
    [completeWithLuhn('6011', 15), 'card-number-length'],
    [completeWithLuhn('6011', 19), 'card-number-length'],
    ['4', 'card-number-length'],
    // Wrong length and wrong check digit: length is reported first.
    ['411111111111112', 'card-number-length'],
  ])('refuses %j with %s', (input, error) => {
    expect(validateCardNumber(input)).toEqual({ ok: false, error });
  });

  it.each(gatewayTestCards)('accepts GATEWAY.md test card %s', (card) => {
    expect(validateCardNumber(card).ok).toBe(true);
  });
});
