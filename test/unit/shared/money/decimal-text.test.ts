import { describe, expect, it } from 'vitest';
import { decimalDigitsOf } from '../../../../shared/money/decimal-text';

describe('decimalDigitsOf', () => {
  it.each([
    [0, false, '0', ''],
    [10, false, '10', ''],
    [12345.67, false, '12345', '67'],
    [1.005, false, '1', '005'],
    [0.1 + 0.2, false, '0', '30000000000000004'],
    [-2.5, true, '2', '5'],
    [1e-7, false, '0', '0000001'],
    [1.5e-7, false, '0', '00000015'],
    [1e21, false, '1000000000000000000000', ''],
    [1.25e22, false, '12500000000000000000000', ''],
  ])('%d → %s %s.%s', (value, negative, integer, fraction) => {
    expect(decimalDigitsOf(value)).toEqual({ negative, integer, fraction });
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('%d → null', (v) => {
    expect(decimalDigitsOf(v)).toBeNull();
  });
});
