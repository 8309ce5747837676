import type { SavedCardView } from '../../../../shared/ipc-customers';

/** A usable Visa saved with an Unscheduled agreement, expiring at the end of November 2026. */
export const savedCardView = (changes: Partial<SavedCardView> = {}): SavedCardView => ({
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

/** Its last usable minute, and the first minute it has expired. */
export const lastDayOfNovember = new Date(2026, 10, 30, 23, 59);
export const firstOfDecember = new Date(2026, 11, 1, 0, 0);
