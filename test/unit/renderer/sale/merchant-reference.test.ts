import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { assertNoCardData } from '../../../../main/core/journal/card-data-guard';
import { holdsCardDigits } from '../../../../shared/text/card-in-text';
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

  // A pure loop of about 3 s; the limit leaves room for a machine busy with other work.
  it('a million generated references never trip the card-data guard', { timeout: 60_000 }, () => {
    // The guard is the journal's rule for operator input (holdsCardDigits: 12 digits in one
    // run, separators ignored). Its answer for an ASCII reference depends only on where the
    // digits stand among letters and dashes, so each draw is reduced to that shape and every
    // shape met is put to the real guard with a reference that has it.
    const pool = randomBytes(8_000_000);
    let at = 0;
    const fromPool = (length: number) => pool.subarray(at, (at += length));
    const days = Array.from(
      { length: 480 },
      (_, i) => new Date(2026 + (i % 40), i % 12, 1 + (i % 28)),
    );
    const shapes = new Map<string, string>();
    for (let draw = 0; draw < 1_000_000; draw += 1) {
      const reference = generateMerchantReference(days[draw % days.length]!, fromPool);
      const shape = reference.replace(/\d/g, '9').replace(/[A-Z]/g, 'A');
      if (!shapes.has(shape)) shapes.set(shape, reference);
    }
    // Every placement of digits after the leading letter (2^5) turns up in a million draws.
    expect(shapes.size).toBe(32);
    const refused = [...shapes.values()].filter((reference) => holdsCardDigits(reference));
    expect(refused).toEqual([]);
    // The guard is as strict as ever: the old format's worst case is refused.
    expect(holdsCardDigits('PD-20261122-9562MX')).toBe(true);
  });
});
