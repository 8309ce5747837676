/**
 * Finds the digit runs a card number could hide in, however it was typed or pasted: NFKC
 * first (full-width digits and separators become ASCII, a no-break space a space), then
 * every Unicode decimal digit (`\p{Nd}`: Arabic-Indic ٥, Extended Arabic-Indic ۵,
 * Devanagari …) read as its value, and any run of separators between two digits ignored:
 * spaces of every kind, tabs, dashes of every kind and the minus sign, `.` `/` `_` `,`, the
 * Arabic comma, decimal and thousands separators, and invisible format characters
 * (zero-width space, soft hyphen, direction marks). A card typed as `5123.4500/0000_0008`,
 * `٥١٢٣٤٥٠٠٠٠٠٠٠٠٠٨` or `５１２３ ４５００…` is the same sixteen digits here.
 */

/** One run: where it sits in the NFKC text, and its digits in ASCII. */
export interface DigitRun {
  readonly start: number;
  readonly end: number;
  readonly digits: string;
}

const separator = String.raw`[\s\p{Zs}\p{Pd}\p{Cf}._/,\u2212\u060C\u066B\u066C]`;
const separators = new RegExp(`${separator}+`, 'u');
const runPattern = new RegExp(String.raw`\p{Nd}(?:${separator}*\p{Nd})*`, 'gu');
const decimalDigit = /\p{Nd}/u;

// Unicode keeps each script's digits 0–9 contiguous, zero first; Nd stops well below this.
const lastDigitCodePoint = 0x1fbff;
let zeros: number[] | null = null;

/** The code point of '0' in every script's digit block, found once from the Unicode tables. */
function digitZeros(): number[] {
  if (zeros) return zeros;
  const found: number[] = [];
  let cp = 0;
  while (cp <= lastDigitCodePoint) {
    if (decimalDigit.test(String.fromCodePoint(cp))) {
      found.push(cp);
      cp += 10;
    } else cp += 1;
  }
  zeros = found;
  return found;
}

/** The value 0–9 of one `\p{Nd}` character. */
function digitValue(char: string): number {
  const cp = char.codePointAt(0) ?? 0;
  if (cp >= 0x30 && cp <= 0x39) return cp - 0x30;
  let zero = 0;
  for (const candidate of digitZeros()) {
    if (candidate > cp) break;
    zero = candidate;
  }
  return cp - zero;
}

/** Every digit of `text` as ASCII, any script. */
export const asciiDigits = (text: string): string =>
  Array.from(text.matchAll(/\p{Nd}/gu), ([char]) => String(digitValue(char))).join('');

/** `text` in the form the scan reads: NFKC. */
export const scanForm = (text: string): string => text.normalize('NFKC');

/** Every maximal run of digits and separators in `normalised` (already NFKC). */
export function digitRuns(normalised: string): DigitRun[] {
  return Array.from(normalised.matchAll(runPattern), (match) => ({
    start: match.index,
    end: match.index + match[0].length,
    digits: asciiDigits(match[0]),
  }));
}

/** The digits of each separator-delimited group of a run's text, in ASCII (`7 4111 1111` → 7, 4111, 1111). */
export const digitGroups = (runText: string): string[] =>
  runText.split(separators).filter(Boolean).map(asciiDigits);
