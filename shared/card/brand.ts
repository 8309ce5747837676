import type { CardBrand } from './brands';
import { brandRules, type BrandRule } from './brand-prefixes';

type RuleFit = 'matches' | 'may-match' | 'cannot-match';

/**
 * How a rule relates to the typed digits. With at least `rule.digits` digits the answer is
 * plain. With fewer, the typed digits stand for every number they could grow into: the rule
 * matches if all of those lie in its range (e.g. '23' inside 2221–2720), may still match if
 * some do, and cannot match if none do.
 */
const fit = (rule: BrandRule, digits: string): RuleFit => {
  if (digits.length >= rule.digits) {
    const head = Number(digits.slice(0, rule.digits));
    return head >= rule.from && head <= rule.to ? 'matches' : 'cannot-match';
  }
  const scale = 10 ** (rule.digits - digits.length);
  const low = Number(digits) * scale;
  const high = low + scale - 1;
  if (low >= rule.from && high <= rule.to) return 'matches';
  return high < rule.from || low > rule.to ? 'cannot-match' : 'may-match';
};

/**
 * The card brand by the gateway's precedence (mada, meeza, visa, amex, mastercard; first
 * match wins), for a full number or for the digits typed so far.
 *
 * On a partial number a brand is returned only once the typed digits settle it: whatever is
 * typed next, the same brand would win. So while a higher-precedence rule could still match,
 * the answer is null: '4' and '41' are null (mada 410685, 417633, 419593 are still open),
 * '411' is visa; '5888' is null, '588845' is mada. The operator sees a brand a few digits
 * later than a naive "starts with 4" check, but never a brand that flips to another one.
 * Input must be digits only (normalise first); anything else gives null.
 */
export const detectBrand = (digitsOrPartial: string): CardBrand | null => {
  if (!/^\d+$/.test(digitsOrPartial)) return null;
  for (const rule of brandRules) {
    const result = fit(rule, digitsOrPartial);
    if (result === 'matches') return rule.brand;
    if (result === 'may-match') return null;
  }
  return null;
};

/**
 * Allowed card number lengths. The gateway's limits know only 16 digits (three brands) and
 * 15 (one brand, amex). A number of no known brand is held to 16: the gateway names no other
 * length, and 15 belongs to amex, which is always recognised by its 34/37 prefix.
 */
export const cardLengths = (brand: CardBrand | null): readonly number[] =>
  brand === 'amex' ? [15] : [16];

/** CVV lengths: amex prints 4 digits on the front, the known others 3 on the back. */
export const cvvLengths = (brand: CardBrand | null): readonly number[] => {
  if (brand === 'amex') return [4];
  return brand === null ? [3, 4] : [3];
};
