import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sessionSignature } from '../../../../main/core/gateway/session-signature';

const base = {
  merchantPublicKey: 'f0a1b2c3-d4e5-4f60-8a7b-9c0d1e2f3a4b',
  apiPassword: 'training-only-password',
  currency: 'SAR',
  merchantReferenceId: 'PD-20260101-ABC123',
  timestamp: '2026-01-01T10:00:00.000Z',
};

// An independent spelling of GATEWAY.md's formula, with the amount text written by hand.
const expected = (amountText: string) =>
  createHmac('sha256', base.apiPassword)
    .update(
      `${base.merchantPublicKey}${amountText}${base.currency}${base.merchantReferenceId}${base.timestamp}`,
    )
    .digest('base64');

describe('sessionSignature', () => {
  it.each([
    [10, '10.00'],
    [1000, '1000.00'],
    [12345.67, '12345.67'],
    [0.5, '0.50'],
  ])('signs %s as %s', (amount, text) => {
    expect(sessionSignature({ ...base, amount })).toBe(expected(text));
  });

  it('changes with every signed member', () => {
    const original = sessionSignature({ ...base, amount: 10 });
    expect(sessionSignature({ ...base, amount: 10, timestamp: `${base.timestamp} ` })).not.toBe(
      original,
    );
    expect(sessionSignature({ ...base, amount: 10, merchantReferenceId: 'other' })).not.toBe(
      original,
    );
    expect(sessionSignature({ ...base, amount: 10, apiPassword: 'other' })).not.toBe(original);
  });
});
