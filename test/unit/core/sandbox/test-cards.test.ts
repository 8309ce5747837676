import { describe, expect, test } from 'vitest';
import { detectBrand } from '../../../../shared/card/brand';
import { validateCardNumber } from '../../../../shared/card/number';
import { cardBehaviour, decisionFor, testCards } from '../../../../main/core/sandbox/test-cards';

describe('test cards', () => {
  test.each(testCards.map((card) => [card.number, card] as const))(
    '%s is a valid card of its listed brand',
    (number, card) => {
      expect(validateCardNumber(number)).toEqual({
        ok: true,
        value: { digits: number, brand: card.brand },
      });
      expect(detectBrand(number)).toBe(card.brand);
    },
  );

  test('the issue names these numbers and outcomes', () => {
    const outcome = (number: string) => testCards.find((card) => card.number === number)?.outcome;
    expect(outcome('5123450000000008')).toBe('challenge');
    expect(outcome('4440000009900010')).toBe('challenge');
    expect(outcome('5123456789012346')).toBe('frictionless');
    expect(outcome('4440000042200014')).toBe('frictionless');
    const brandsWithChallenge = testCards
      .filter((c) => c.outcome === 'challenge')
      .map((c) => c.brand);
    expect(brandsWithChallenge).toEqual(expect.arrayContaining(['mada', 'amex']));
    const outcomes = new Set(testCards.map((card) => card.outcome));
    expect([...outcomes].sort()).toEqual([
      'challenge',
      'decline-do-not-honour',
      'decline-insufficient-funds',
      'frictionless',
      'not-enrolled',
      'reject',
    ]);
    expect(new Set(testCards.map((card) => card.challengeReturn))).toEqual(
      new Set(['GET', 'POST']),
    );
  });

  test('an unlisted card is a GET-return challenge', () => {
    expect(cardBehaviour('4111111111111111')).toEqual({
      outcome: 'challenge',
      challengeReturn: 'GET',
    });
  });

  test.each([
    ['challenge', 'ContinueToPayer'],
    ['frictionless', 'ContinueToPay'],
    ['not-enrolled', 'ContinueToPayWithNotEnrolledCard'],
    ['reject', 'Reject'],
    ['decline-insufficient-funds', 'ContinueToPay'],
    ['decline-do-not-honour', 'ContinueToPay'],
  ] as const)('%s decides %s', (outcome, decision) => {
    expect(decisionFor(outcome)).toBe(decision);
  });
});
