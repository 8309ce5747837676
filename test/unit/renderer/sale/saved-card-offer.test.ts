import { describe, expect, it } from 'vitest';
import type { SavedCardRules } from '../../../../shared/ipc';
import type { SavedCardView } from '../../../../shared/ipc-customers';
import {
  chargeableWithoutCustomer,
  savedCardsOffered,
} from '../../../../renderer/src/sale/saved-card-offer';

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

const rules = (changes: Partial<SavedCardRules> = {}): SavedCardRules => ({
  tokenizationEnabled: true,
  cvvRequired: false,
  threeDsRequired: true,
  merchantInitiatedAllowed: true,
  readAt: 1,
  ...changes,
});

const lastDayOfNovember = new Date(2026, 10, 30, 23, 59);
const firstOfDecember = new Date(2026, 11, 1, 0, 0);

describe('what the sale form offers of saved cards', () => {
  it('offers a charge without the customer only with an agreement the gateway allows', () => {
    const now = lastDayOfNovember;
    expect(chargeableWithoutCustomer(card(), rules(), now)).toBe(true);
    expect(chargeableWithoutCustomer(card({ agreement: null }), rules(), now)).toBe(false);
    expect(chargeableWithoutCustomer(card(), rules({ merchantInitiatedAllowed: false }), now)).toBe(
      false,
    );
    expect(chargeableWithoutCustomer(card(), null, now)).toBe(false);
    expect(chargeableWithoutCustomer(card({ state: 'refused' }), rules(), now)).toBe(false);
    expect(chargeableWithoutCustomer(card(), rules(), firstOfDecember)).toBe(false);
  });

  it('offers saved cards only on rules read from the gateway with tokens on', () => {
    expect(savedCardsOffered(rules())).toBe(true);
    expect(savedCardsOffered(rules({ readAt: null }))).toBe(false);
    expect(savedCardsOffered(rules({ tokenizationEnabled: false }))).toBe(false);
    expect(savedCardsOffered(null)).toBe(false);
  });
});
