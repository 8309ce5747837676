import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { assertNoCardData } from '../../../../main/core/journal/card-data-guard';
import { maskSensitiveText } from '../../../../main/core/logging/redact';
import { generateMerchantReference } from '../../../../renderer/src/sale/merchant-reference';

/** Hands out the given bytes in order, as many as each call asks for. */
const bytesFrom = (values: number[]) => {
  let at = 0;
  return (length: number) => Uint8Array.from(values.slice(at, (at += length)));
};

describe('generateMerchantReference', () => {
  it('is PD-, the local date, a letter, then one symbol per random byte', () => {
    // Late evening local time still carries the local date, not UTC's.
    expect(
      generateMerchantReference(new Date(2026, 10, 2, 23, 59), bytesFrom([0, 1, 31, 32, 200, 255])),
    ).toBe('PD-20261102-A3Z2AZ');
  });

  it('draws the letter again for bytes that would bias it (240 and up)', () => {
    expect(
      generateMerchantReference(new Date(2026, 10, 2), bytesFrom([255, 240, 23, 0, 0, 0, 0, 0])),
    ).toBe('PD-20261102-Z22222');
  });

  it('never uses 0, O, 1 or I, and differs between calls', () => {
    const references = Array.from({ length: 200 }, () => generateMerchantReference(new Date()));
    for (const reference of references) {
      expect(reference).toMatch(/^PD-\d{8}-[A-HJ-NP-Z][2-9A-HJ-NP-Z]{5}$/);
    }
    expect(new Set(references).size).toBe(references.length);
  });

  it('all-digit random bytes still give a reference the card-data guard accepts', () => {
    // Bytes 0..7 are the digits 2..9: the worst case for a digit run after the date.
    const reference = generateMerchantReference(
      new Date(2026, 10, 22),
      bytesFrom([0, 0, 1, 2, 3, 4]),
    );
    expect(reference).toBe('PD-20261122-A23456');
    expect(() => assertNoCardData('merchantReferenceId', reference)).not.toThrow();
  });

  it('a million generated references never trip the card-data guard', () => {
    // The guard is the journal's own rule (maskSensitiveText changes nothing it accepts).
    // Random bytes come from one pool, dates vary across the years a till is in service.
    const pool = randomBytes(8_000_000);
    let at = 0;
    const fromPool = (length: number) => pool.subarray(at, (at += length));
    const days = Array.from(
      { length: 480 },
      (_, i) => new Date(2026 + (i % 40), i % 12, 1 + (i % 28)),
    );
    let refused = 0;
    for (let draw = 0; draw < 1_000_000; draw += 1) {
      const reference = generateMerchantReference(days[draw % days.length]!, fromPool);
      if (maskSensitiveText(reference) !== reference) refused += 1;
    }
    expect(refused).toBe(0);
  });
});
