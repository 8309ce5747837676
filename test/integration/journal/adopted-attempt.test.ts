import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { adoptedAttemptId, insertAdoptedAttempt } from '../../../main/core/journal/adopted-attempt';
import { tempJournal } from './temp-journal';

let t: ReturnType<typeof tempJournal>;
beforeEach(() => {
  t = tempJournal();
});
afterEach(() => t.remove());

const order = {
  orderId: 'A1B2C3D4-0000-4000-8000-000000000001',
  merchantReferenceId: 'PAID-WHILE-DOWN',
  amountMinor: 5_000,
  refundedMinor: 0,
  currency: 'SAR' as const,
  brand: 'visa' as const,
  maskedCard: '444000******0010',
  createdAt: 1_000,
  gatewayBaseUrl: 'https://gateway.example/api/',
  merchantPublicKey: 'pk-merchant',
  adoptedBy: 'sara',
  adoptedAt: 2_000,
};
const insert = (changes: Partial<typeof order> = {}) =>
  insertAdoptedAttempt(t.journal.file.prepare, { ...order, ...changes });
const ledgerRows = () => t.journal.file.prepare('SELECT kind FROM ledger').all();

describe('an adopted gateway order in the journal', () => {
  test('is a paid attempt bound to the gateway it was found on, with no ledger entry of its own', () => {
    const attemptId = insert();
    expect(attemptId).toBe(adoptedAttemptId(order.orderId));
    expect(t.journal.get(attemptId)).toMatchObject({
      state: 'paid',
      status: 'paid',
      orderId: order.orderId,
      first6: '444000',
      last4: '0010',
      gatewayBaseUrl: order.gatewayBaseUrl,
      merchantPublicKey: order.merchantPublicKey,
      operatorId: 'sara',
      createdAt: 1_000,
    });
    // The caller's 'adopted' entry is the only one that counts this money.
    expect(ledgerRows()).toEqual([]);
  });

  test('refunded in part at the gateway already: partly refunded, the mask keeps the card length', () => {
    const attemptId = insert({ refundedMinor: 2_000, maskedCard: '512345***2346' });
    expect(t.journal.detail(attemptId)?.row).toMatchObject({
      status: 'partially-refunded',
      refundedMinor: 2_000,
      masked: '512345***2346',
    });
  });

  test('refuses a card that is not the first 6 and last 4, and a second adoption of the order', () => {
    expect(() => insert({ maskedCard: '4440001234560010' })).toThrow(/first 6 and last 4/);
    expect(() => insert({ merchantReferenceId: 'card 4440001234560010' })).toThrow(/card number/);
    insert();
    expect(() => insert()).toThrow(/UNIQUE|PRIMARY KEY/i);
    expect(t.journal.search({}, null, 10).rows).toHaveLength(1);
  });
});
