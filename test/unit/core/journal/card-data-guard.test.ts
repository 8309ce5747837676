import { describe, expect, it } from 'vitest';
import {
  assertCardParts,
  assertNoCardData,
  maskedCard,
  storableText,
} from '../../../../main/core/journal/card-data-guard';
import { JournalError } from '../../../../main/core/platform/journal-error';

describe('assertCardParts', () => {
  it('accepts exactly 6 and 4 digits', () => {
    expect(() => assertCardParts('512345', '0008')).not.toThrow();
  });

  it.each([
    ['5123450000000008', '0008'],
    ['512345', '0000000008'],
    ['51234', '0008'],
    ['512345', '008'],
    ['5123 4', '0008'],
    ['51234a', '0008'],
    ['512345', '٠٠٠٨'],
    ['', ''],
  ])('refuses first6 %j with last4 %j', (first6, last4) => {
    expect(() => assertCardParts(first6, last4)).toThrow(
      expect.objectContaining({ code: 'card-data-refused' }),
    );
  });
});

describe('storableText', () => {
  it.each([
    ['declined by issuer', 'declined by issuer'],
    ['card 5123450000000008 declined', 'card 512345******0008 declined'],
    ['card 5123 4500 0000 0008 declined', 'card 512345******0008 declined'],
    ['amex 371449635398431', 'amex 371449*****8431'],
    ['twelve 523456789016', 'twelve 523456**9016'],
    ['slashed 5123/4500/0000/0008', 'slashed 512345******0008'],
    ['eleven 12345678901 stays', 'eleven 12345678901 stays'],
    ['rrn-like 20 digits 12345678901234567890', 'rrn-like 20 digits 123456**********7890'],
  ])('masks %j', (input, stored) => {
    expect(storableText(input, 500)).toBe(stored);
  });

  it('cuts to the limit after masking, so a cut never reveals digits', () => {
    const stored = storableText(`${'x'.repeat(10)}5123450000000008`, 20);
    expect(stored).toBe('xxxxxxxxxx512345****');
    expect(stored).not.toMatch(/\d{12}/);
  });
});

describe('assertNoCardData', () => {
  it('accepts ordinary references', () => {
    expect(() => assertNoCardData('merchantReferenceId', 'INV-2024-000123')).not.toThrow();
  });

  it.each(['5123450000000008', 'PAY 5123-4500-0000-0008', 'ref123456789012'])(
    'refuses %j without echoing it',
    (value) => {
      let thrown: unknown;
      try {
        assertNoCardData('merchantReferenceId', value);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(JournalError);
      expect((thrown as JournalError).code).toBe('card-data-refused');
      expect((thrown as JournalError).message).not.toMatch(/\d{6}/);
    },
  );
});

describe('maskedCard', () => {
  it('keeps the card length', () => {
    expect(maskedCard('512345', '0008', 16)).toBe('512345******0008');
    expect(maskedCard('371449', '8431', 15)).toBe('371449*****8431');
  });
});
