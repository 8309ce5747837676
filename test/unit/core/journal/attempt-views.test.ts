import { describe, expect, it } from 'vitest';
import { attemptStatusSchema, outcomeSchema, type AttemptStatus } from '../../../../shared/ipc';
import {
  outcomeOf,
  toAttemptResult,
  toHistoryRow,
} from '../../../../main/core/journal/attempt-views';
import type { StoredAttempt } from '../../../../main/core/journal/attempt-rows';
import { bulkAttemptDefaults } from '../../../integration/journal/seed-attempts';

describe('outcomeOf', () => {
  it.each(outcomeSchema.options)('shows the outcome %s as itself', (status) => {
    expect(outcomeOf(status)).toBe(status);
  });

  it.each([
    ['refunded', 'paid'],
    ['partially-refunded', 'paid'],
    ['voided', 'paid'],
    ['in-progress', 'in-doubt'],
  ] as const)('shows %s as %s', (status, outcome) => {
    expect(outcomeOf(status)).toBe(outcome);
  });

  it('maps every status to an outcome', () => {
    for (const status of attemptStatusSchema.options as AttemptStatus[]) {
      expect(outcomeSchema.safeParse(outcomeOf(status)).success).toBe(true);
    }
  });
});

const attempt = (overrides: Partial<StoredAttempt>): StoredAttempt => ({
  ...bulkAttemptDefaults,
  attemptId: 'attempt-1',
  merchantReferenceId: 'INV-1',
  amountMinor: 1050,
  currency: 'SAR',
  brand: 'amex',
  first6: '371449',
  last4: '8431',
  cardLength: 15,
  holderName: 'SARA HASSAN',
  createdAt: 1000,
  state: 'paid',
  status: 'voided',
  orderId: 'order-1',
  updatedAt: 2000,
  ...overrides,
});

describe('attempt views', () => {
  it('builds the result with a mask as long as the card', () => {
    const result = toAttemptResult(attempt({}));
    expect(result.outcome).toBe('paid');
    expect(result.card).toEqual({
      brand: 'amex',
      masked: '371449*****8431',
      holderName: 'SARA HASSAN',
    });
  });

  it('builds the history row with the stored status, not the outcome', () => {
    const row = toHistoryRow(attempt({ cardLength: 16, first6: '512345', last4: '0008' }));
    expect(row.status).toBe('voided');
    expect(row.masked).toBe('512345******0008');
  });
});
