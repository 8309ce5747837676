import { describe, expect, it } from 'vitest';
import { holdsCardDigits, maskCardNumbers } from '../../../../shared/text/card-in-text';
import { asciiDigits, digitRuns, scanForm } from '../../../../shared/text/digit-runs';
import { checkOperatorText, operatorFieldError } from '../../../../shared/text/operator-text';
import { bidiControls, cardForms } from '../../../support/card-forms';

const cards = ['5123450000000008', '4440000009900010', '371449635398431'];

describe('digit runs', () => {
  it('reads every script’s decimal digits as their value', () => {
    expect(asciiDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹ ०१२३४५६७८९ ൦൧൨൩൪൫൬൭൮൯ 𝟶𝟷𝟸')).toBe(
      '0123456789'.repeat(4) + '012',
    );
  });

  it('joins digits across any run of separators, and only separators', () => {
    expect(digitRuns(scanForm('a 12.34/56_78,90 \t-–12 b 34')).map((r) => r.digits)).toEqual([
      '123456789012',
      '34',
    ]);
    expect(digitRuns('12:34 56x78').map((r) => r.digits)).toEqual(['12', '3456', '78']);
  });
});

describe('operator input: 12 or more digits in one run are refused, in every form', () => {
  for (const card of cards) {
    it.each(cardForms(card))(`${card.slice(-4)} with %s`, (_name, text) => {
      for (const typed of [text, `NAME ${text}`, `INV-${text}-X`]) {
        expect(holdsCardDigits(typed), JSON.stringify(typed)).toBe(true);
        expect(checkOperatorText(typed)).toEqual({ ok: false, error: 'text-card-number' });
      }
    });
  }

  it.each([
    'Ali Hassan',
    'محمد عبدالله',
    'INV-2026-000123',
    'PD-20261122-ABCDEF',
    'Invoice 123 4567 8901',
    '0f3a1b2c-d4e5-4f60-8a7b-9c0d1e2f3a4b',
    'الرياض ص.ب ١٢٣٤٥',
  ])('keeps %j', (text) => {
    expect(checkOperatorText(text)).toEqual({ ok: true, value: text });
  });

  it.each(bidiControls)('refuses the bidi control U+%s', (control) => {
    expect(checkOperatorText(`INV${control}-1`)).toEqual({ ok: false, error: 'text-bidi-control' });
    expect(operatorFieldError(`A${control}B`, 'holder-name-invalid')).toBe('text-bidi-control');
  });

  it('names the field for a card number', () => {
    expect(operatorFieldError('5123 4500 0000 0008', 'holder-name-invalid')).toBe(
      'holder-name-invalid',
    );
    expect(operatorFieldError('Sara', 'holder-name-invalid')).toBeNull();
  });
});

describe('text the app writes: card-like runs masked, in every form', () => {
  for (const card of cards) {
    it.each(cardForms(card))(`${card.slice(-4)} with %s`, (_name, text) => {
      const masked = maskCardNumbers(`declined: ${text} (retry)`);
      expect(masked).toBe(
        `declined: ${card.slice(0, 6)}${'*'.repeat(card.length - 10)}${card.slice(-4)} (retry)`,
      );
    });
  }

  it.each([
    'PD-20261122-9562MX',
    'PD-20260101-1234AB',
    'correlation 0f3a1b2c-d4e5-4f60-8a7b-512345000000',
    '2026-11-22 23:06:05.739',
    '2026/11/22 12:00',
    'SAR 1,234,567.89',
    'SAR 99999999.99',
    'RRN 012345678901',
    'eleven 51234500000',
    'not luhn 5123450000000009',
    'Arabic ٢٠٢٦/١١/٢٢',
  ])('leaves %j as written', (text) => {
    expect(maskCardNumbers(text)).toBe(text);
  });

  it('counts every script: eleven ASCII digits and five Arabic-Indic ones are a card', () => {
    const text = 'ref 51234500000\u0660\u0660\u0660\u0660\u0668 ok';
    expect(maskCardNumbers(text)).toBe('ref 512345******0008 ok');
    expect(holdsCardDigits(text)).toBe(true);
    // NFKC makes a circled or superscript digit a digit too.
    expect(holdsCardDigits('51234500000\u2070\u2070\u2070\u2070\u2078')).toBe(true);
    expect(holdsCardDigits('ref 51234500000')).toBe(false);
  });

  it.each([
    ['ref 7 4111111111111111', 'ref 741111*******1111'],
    ['path uZ66y9/4111111111111111/log', 'path uZ66y941111*******1111/log'],
    ['no 12 5123 4500 0000 0008', 'no 125123********0008'],
  ])('masks a card typed after another number in one run: %j', (text, masked) => {
    expect(maskCardNumbers(text)).toBe(masked);
  });

  it('masks a run longer than any card, where a card can hide', () => {
    expect(maskCardNumbers('x 12345123450000000008 y')).toBe('x 123451**********0008 y');
  });
});
