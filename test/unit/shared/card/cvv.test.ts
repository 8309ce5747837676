import { describe, expect, it } from 'vitest';
import { validateCvv } from '../../../../shared/card/cvv';

describe('validateCvv', () => {
  it.each([
    ['123', 'visa', '123'],
    [' 123 ', 'mada', '123'],
    ['000', 'mastercard', '000'],
    ['1234', 'amex', '1234'],
    ['123', null, '123'],
    ['1234', null, '1234'],
  ] as const)('accepts %j for %s', (input, brand, value) => {
    expect(validateCvv(input, brand)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'visa', 'cvv-required'],
    ['   ', null, 'cvv-required'],
    ['12a', 'visa', 'cvv-not-digits'],
    ['1 23', 'visa', 'cvv-not-digits'],
    ['-12', 'visa', 'cvv-not-digits'],
    ['123', 'amex', 'cvv-length'],
    ['1234', 'visa', 'cvv-length'],
    ['1234', 'mada', 'cvv-length'],
    ['12', 'meeza', 'cvv-length'],
    ['12', null, 'cvv-length'],
    ['12345', null, 'cvv-length'],
  ] as const)('refuses %j for %s with %s', (input, brand, error) => {
    expect(validateCvv(input, brand)).toEqual({ ok: false, error });
  });
});
