import { describe, expect, it } from 'vitest';
import type { SavedCardRules } from '../../../../shared/ipc';
import {
  chargeableWithoutCustomer,
  savedCardsOffered,
} from '../../../../renderer/src/sale/saved-card-offer';
import { firstOfDecember, lastDayOfNovember, savedCardView } from '../customers/saved-card-view';

const rules = (changes: Partial<SavedCardRules> = {}): SavedCardRules => ({
  tokenizationEnabled: true,
  cvvRequired: false,
  threeDsRequired: true,
  merchantInitiatedAllowed: true,
  readAt: 1,
  ...changes,
});

describe('what the sale form offers of saved cards', () => {
  it('offers a charge without the customer only with an agreement the gateway allows', () => {
    const now = lastDayOfNovember;
    expect(chargeableWithoutCustomer(savedCardView(), rules(), now)).toBe(true);
    expect(chargeableWithoutCustomer(savedCardView({ agreement: null }), rules(), now)).toBe(false);
    expect(
      chargeableWithoutCustomer(savedCardView(), rules({ merchantInitiatedAllowed: false }), now),
    ).toBe(false);
    expect(chargeableWithoutCustomer(savedCardView(), null, now)).toBe(false);
    expect(chargeableWithoutCustomer(savedCardView({ state: 'refused' }), rules(), now)).toBe(
      false,
    );
    expect(chargeableWithoutCustomer(savedCardView(), rules(), firstOfDecember)).toBe(false);
  });

  it('offers saved cards only on rules read from the gateway with tokens on', () => {
    expect(savedCardsOffered(rules())).toBe(true);
    expect(savedCardsOffered(rules({ readAt: null }))).toBe(false);
    expect(savedCardsOffered(rules({ tokenizationEnabled: false }))).toBe(false);
    expect(savedCardsOffered(null)).toBe(false);
  });
});
