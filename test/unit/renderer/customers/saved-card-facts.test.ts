import { describe, expect, it } from 'vitest';
import type { SavedCardView } from '../../../../shared/ipc-customers';
import {
  expiryText,
  knownBrand,
  savedCardState,
  usableCards,
} from '../../../../renderer/src/customers/saved-card-facts';

const card = (changes: Partial<SavedCardView> = {}): SavedCardView => ({
  cardId: 'card-1',
  brand: 'visa',
  last4: '1111',
  maskedCard: '411111******1111',
  expiryMonth: 11,
  expiryYear: 2026,
  state: 'usable',
  agreement: { type: 'Unscheduled', id: 'PD-AG-1' },
  savedAt: 0,
  savedBy: null,
  ...changes,
});

const lastDayOfNovember = new Date(2026, 10, 30, 23, 59);
const firstOfDecember = new Date(2026, 11, 1, 0, 0);

describe('saved card facts', () => {
  it('a card stays usable to the end of its expiry month, then counts as expired', () => {
    expect(savedCardState(card(), lastDayOfNovember)).toBe('usable');
    expect(savedCardState(card(), firstOfDecember)).toBe('expired');
  });

  it('keeps main’s expired and refused whatever the date', () => {
    const early = new Date(2025, 0, 1);
    expect(savedCardState(card({ state: 'refused' }), early)).toBe('refused');
    expect(savedCardState(card({ state: 'expired' }), early)).toBe('expired');
  });

  it('offers only usable cards', () => {
    const cards = [
      card({ cardId: 'a' }),
      card({ cardId: 'b', state: 'refused' }),
      card({ cardId: 'c', state: 'expired' }),
      card({ cardId: 'd', expiryYear: 2025 }),
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
