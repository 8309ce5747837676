import { describe, expect, it } from 'vitest';
import {
  expiryText,
  knownBrand,
  savedCardState,
  usableCards,
} from '../../../../renderer/src/customers/saved-card-facts';
import { firstOfDecember, lastDayOfNovember, savedCardView } from './saved-card-view';

describe('saved card facts', () => {
  it('a card stays usable to the end of its expiry month, then counts as expired', () => {
    expect(savedCardState(savedCardView(), lastDayOfNovember)).toBe('usable');
    expect(savedCardState(savedCardView(), firstOfDecember)).toBe('expired');
  });

  it('keeps main’s expired and refused whatever the date', () => {
    const early = new Date(2025, 0, 1);
    expect(savedCardState(savedCardView({ state: 'refused' }), early)).toBe('refused');
    expect(savedCardState(savedCardView({ state: 'expired' }), early)).toBe('expired');
  });

  it('offers only usable cards', () => {
    const cards = [
      savedCardView({ cardId: 'a' }),
      savedCardView({ cardId: 'b', state: 'refused' }),
      savedCardView({ cardId: 'c', state: 'expired' }),
      savedCardView({ cardId: 'd', expiryYear: 2025 }),
    ];
    expect(usableCards(cards, lastDayOfNovember).map((c) => c.cardId)).toEqual(['a']);
  });

  it('writes the expiry as on the card', () => {
    expect(expiryText({ expiryMonth: 3, expiryYear: 2031 })).toBe('03/31');
    expect(expiryText({ expiryMonth: 12, expiryYear: 2100 })).toBe('12/00');
  });

  it('names known brands in any case, and nothing else', () => {
    expect(knownBrand('VISA')).toBe('visa');
    expect(knownBrand('mada')).toBe('mada');
    expect(knownBrand('Diners')).toBeNull();
    expect(knownBrand(null)).toBeNull();
  });
});
