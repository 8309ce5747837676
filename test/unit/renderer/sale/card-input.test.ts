import { describe, expect, it } from 'vitest';
import {
  caretAfterDigits,
  cardNumberDisplay,
  digitsBefore,
  expiryDisplay,
} from '../../../../renderer/src/sale/card-input';

describe('cardNumberDisplay', () => {
  it.each([
    ['', ''],
    ['5123', '5123'],
    ['51234', '5123 4'],
    ['5123450000000008', '5123 4500 0000 0008'],
    ['5123-4500 0000 0008', '5123 4500 0000 0008'],
    ['51234500000000089999', '5123 4500 0000 0008'],
    ['371449635398431', '3714 496353 98431'],
    ['3714496353984319', '3714 496353 98431'],
    ['4a4b4c', '444'],
  ])('%j shows as %j', (typed, shown) => {
    expect(cardNumberDisplay(typed)).toBe(shown);
  });
});

describe('expiryDisplay', () => {
  it.each([
    ['', ''],
    ['0', '0'],
    ['07', '07'],
    ['072', '07/2'],
    ['0729', '07/29'],
    ['07/29', '07/29'],
    ['7/29', '07/29'],
    ['7/', '07'],
    ['07/', '07'],
    ['07/2999', '07/29'],
    ['ab07cd29', '07/29'],
  ])('%j shows as %j', (typed, shown) => {
    expect(expiryDisplay(typed)).toBe(shown);
  });
});

describe('caret', () => {
  it('stays after the same digit when grouping inserts spaces', () => {
    // Typing the 5th digit at the end of '5123': the caret follows it past the new space.
    expect(caretAfterDigits('5123 4', digitsBefore('51234', 5))).toBe(6);
    // Inserting a digit in the middle keeps the caret there, not at the end.
    const typed = '51239 4500';
    const shown = cardNumberDisplay(typed);
    expect(shown).toBe('5123 9450 0');
    expect(caretAfterDigits(shown, digitsBefore(typed, 5))).toBe(6);
    expect(caretAfterDigits(shown, 0)).toBe(0);
    expect(caretAfterDigits(shown, 99)).toBe(shown.length);
  });
});
