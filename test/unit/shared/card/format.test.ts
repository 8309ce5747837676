import { describe, expect, it } from 'vitest';
import { cardFirst6Last4, groupCardNumber, maskCardNumber } from '../../../../shared/card/format';

describe('groupCardNumber', () => {
  it.each([
    ['', 'visa', ''],
    ['5', 'mastercard', '5'],
    ['5123', 'mastercard', '5123'],
    ['51234', 'mastercard', '5123 4'],
    ['5123450000000008', 'mastercard', '5123 4500 0000 0008'],
    ['4111111111', null, '4111 1111 11'],
    ['60111111111111171234', null, '6011 1111 1111 1117 1234'],
    ['3782', 'amex', '3782'],
    ['37828', 'amex', '3782 8'],
    ['3782822463', 'amex', '3782 822463'],
    ['37828224631', 'amex', '3782 822463 1'],
    ['378282246310005', 'amex', '3782 822463 10005'],
    ['3782822463100051', 'amex', '3782 822463 10005 1'],
  ] as const)('%j as %s → %j', (digits, brand, expected) => {
    expect(groupCardNumber(digits, brand)).toBe(expected);
  });
});

describe('maskCardNumber', () => {
  it.each([
    ['5123450000000008', '512345******0008'],
    ['378282246310005', '378282*****0005'],
    ['4111111111111', '411111***1111'],
    ['6011111111111117123', '601111*********7123'],
    ['411111111111', '************'],
    ['4111', '****'],
    ['', ''],
  ])('%s → %s', (digits, expected) => {
    expect(maskCardNumber(digits)).toBe(expected);
  });

  it('never shows the middle digits', () => {
    const card = '4440001234560014';
    const masked = maskCardNumber(card);
    expect(masked).toHaveLength(card.length);
    expect(masked).not.toContain('123456');
    expect(masked.slice(6, -4)).toMatch(/^\*+$/);
  });
});

describe('cardFirst6Last4', () => {
  it.each([
    ['5123450000000008', { first6: '512345', last4: '0008' }],
    ['378282246310005', { first6: '378282', last4: '0005' }],
    ['411111111111', { first6: '', last4: '' }],
  ])('%s → %j', (digits, expected) => {
    expect(cardFirst6Last4(digits)).toEqual(expected);
  });
});
