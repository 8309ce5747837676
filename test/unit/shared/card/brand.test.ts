import { describe, expect, it } from 'vitest';
import { cardLengths, cvvLengths, detectBrand } from '../../../../shared/card/brand';
import { brandRules } from '../../../../shared/card/brand-prefixes';
import { validateCardNumber } from '../../../../shared/card/number';
import { completeWithLuhn } from './luhn-complete';
import { gatewayMadaPrefixes } from './gateway-cards';

describe('detectBrand on full numbers', () => {
  it.each([
    ['5888451234567890', 'mada'],
    ['4008610000000000', 'mada'],
    ['9682000000000000', 'mada'],
    ['5078030000000000', 'meeza'],
    ['5078080000000000', 'meeza'],
    ['5078090000000000', null],
    ['4111111111111111', 'visa'],
    ['5017790000000000', 'visa'],
    ['5752410000000000', 'visa'],
    ['4008620000000000', 'visa'],
    ['340000000000000', 'amex'],
    ['370000000000000', 'amex'],
    ['350000000000000', null],
    ['2221000000000000', 'mastercard'],
    ['2720990000000000', 'mastercard'],
    ['2220990000000000', null],
    ['2721000000000000', null],
    ['5100000000000000', 'mastercard'],
    ['5599999999999999', 'mastercard'],
    ['5600000000000000', null],
    ['5000000000000000', null],
    ['6011111111111117', null],
  ])('%s → %s', (digits, brand) => {
    expect(detectBrand(digits)).toBe(brand);
  });

  it.each(gatewayMadaPrefixes)('mada prefix %s is mada, and validates as a mada card', (prefix) => {
    const card = completeWithLuhn(prefix, 16, '7');
    expect(detectBrand(card)).toBe('mada');
    expect(validateCardNumber(card)).toEqual({ ok: true, value: { digits: card, brand: 'mada' } });
  });

  it('has no mada prefix beyond those GATEWAY.md lists', () => {
    const sourceMada = brandRules
      .filter((rule) => rule.brand === 'mada')
      .map((rule) => String(rule.from).padStart(rule.digits, '0'));
    expect(new Set(sourceMada)).toEqual(new Set(gatewayMadaPrefixes));
    expect(sourceMada).toHaveLength(83);
  });
});

describe('detectBrand while typing', () => {
  it.each([
    ['', null],
    ['4', null], // mada 400861… still possible
    ['41', null], // mada 410685, 417633, 419593
    ['411', 'visa'],
    ['4008', null],
    ['400861', 'mada'],
    ['400862', 'visa'],
    ['5', null],
    ['51', 'mastercard'],
    ['52', null], // mada 521076, 524514, …
    ['5212', 'mastercard'],
    ['5888', null],
    ['58884', null],
    ['588845', 'mada'],
    ['5017', null],
    ['501779', 'visa'],
    ['50780', null],
    ['507803', 'meeza'],
    ['3', null],
    ['34', 'amex'],
    ['37', 'amex'],
    ['2', null],
    ['22', null],
    ['222', null],
    ['2221', 'mastercard'],
    ['23', 'mastercard'], // every 23xx lies inside 2221–2720
    ['27', null],
    ['272', null],
    ['2720', 'mastercard'],
    ['9', null],
    ['968', null],
    ['9682', 'mada'],
    ['4 1', null],
    ['41a', null],
  ])('%j → %s', (partial, brand) => {
    expect(detectBrand(partial)).toBe(brand);
  });

  // Deterministic pseudo-random cards (a seeded linear congruential generator), so a failure
  // is reproducible. Half start from a mada/meeza/visa/amex/mastercard-looking prefix.
  const seeded = (seed: number) => () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const random = seeded(20240601);
  const starts = [...gatewayMadaPrefixes, '4', '5', '2', '3', '50', '57', '6', '9'];
  const numbers = Array.from({ length: 400 }, () => {
    const start = starts[Math.floor(random() * starts.length)] ?? '';
    let digits = start;
    while (digits.length < 16) digits += String(Math.floor(random() * 10));
    return digits;
  });

  it('never names a brand for a prefix that the full number does not end up with', () => {
    for (const full of numbers) {
      const finalBrand = detectBrand(full);
      for (let n = 1; n <= full.length; n += 1) {
        const early = detectBrand(full.slice(0, n));
        if (early !== null) expect(early, `${full.slice(0, n)} of ${full}`).toBe(finalBrand);
      }
    }
  });

  it('names every known brand by the sixth digit', () => {
    for (const full of numbers) {
      if (detectBrand(full) !== null) expect(detectBrand(full.slice(0, 6)), full).not.toBeNull();
    }
  });
});

describe('lengths by brand', () => {
  it.each([
    ['mada', [16], [3]],
    ['meeza', [16], [3]],
    ['visa', [16], [3]],
    ['mastercard', [16], [3]],
    ['amex', [15], [4]],
    [null, [16], [3, 4]],
  ] as const)('%s: card %j, cvv %j', (brand, card, cvv) => {
    expect(cardLengths(brand)).toEqual(card);
    expect(cvvLengths(brand)).toEqual(cvv);
  });
});
