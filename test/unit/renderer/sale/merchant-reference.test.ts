import { describe, expect, it } from 'vitest';
import { generateMerchantReference } from '../../../../renderer/src/sale/merchant-reference';

describe('generateMerchantReference', () => {
  it('is PD-, the local date, and one symbol per random byte', () => {
    const bytes = () => Uint8Array.from([0, 1, 31, 32, 200, 255]);
    // Late evening local time still carries the local date, not UTC's.
    expect(generateMerchantReference(new Date(2026, 10, 2, 23, 59), bytes)).toBe(
      'PD-20261102-23Z2AZ',
    );
  });

  it('never uses 0, O, 1 or I, and differs between calls', () => {
    const references = Array.from({ length: 200 }, () => generateMerchantReference(new Date()));
    for (const reference of references) expect(reference).toMatch(/^PD-\d{8}-[2-9A-HJ-NP-Z]{6}$/);
    expect(new Set(references).size).toBe(references.length);
  });
});
