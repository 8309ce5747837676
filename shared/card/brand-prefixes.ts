import type { CardBrand } from './brands';

/**
 * One brand rule: card numbers whose first `digits` digits, read as an integer, lie in
 * [from, to]. A single prefix is a range of one, so the 4-digit Mastercard range 2221–2720
 * and the 2-digit 51–55 fit the same shape as mada's 6-digit prefixes.
 */
export interface BrandRule {
  readonly brand: CardBrand;
  readonly digits: number;
  readonly from: number;
  readonly to: number;
}

const prefixes = (brand: CardBrand, list: readonly string[]): BrandRule[] =>
  list.map((prefix) => ({
    brand,
    digits: prefix.length,
    from: Number(prefix),
    to: Number(prefix),
  }));

// mada's BINs, exactly as the official Android SDK lists them (GATEWAY.md). They overlap
// Visa and Mastercard, which is why mada is checked first.
const madaPrefixes = [
  '400861', '409201', '410685', '417633', '428331', '428671', '428672', '428673', '431361',
  '432328', '440533', '440647', '440795', '445564', '446404', '446672', '455036', '457865',
  '458456', '462220', '468540', '468541', '468542', '468543', '484783', '489317', '489319',
  '490980', '493428', '504300', '508160', '521076', '527016', '539931', '557606', '558848',
  '585265', '588845', '588846', '588847', '588848', '588849', '588850', '588851', '588982',
  '588983', '589005', '589206', '604906', '605141', '636120', '422817', '422818', '422819',
  '9682', '439954', '439956', '419593', '483010', '483012', '532013', '531095', '530906',
  '455708', '524514', '529741', '537767', '535989', '486094', '486095', '486096', '543357',
  '401757', '446393', '434107', '536023', '407197', '407395', '529415', '535825', '543085',
  '549760', '437980',
]; // prettier-ignore

/** Every rule in the gateway's precedence order: the first rule that matches wins. */
export const brandRules: readonly BrandRule[] = [
  ...prefixes('mada', madaPrefixes),
  ...prefixes('meeza', ['507803', '507808']),
  ...prefixes('visa', ['4', '501779', '575241']),
  ...prefixes('amex', ['34', '37']),
  { brand: 'mastercard', digits: 4, from: 2221, to: 2720 },
  { brand: 'mastercard', digits: 2, from: 51, to: 55 },
];
