/**
 * Every way the hostile-input run typed or pasted a card number into free text:
 * separators `.` `/` `_` `,`, spaces (plain, double, no-break, thin), tabs, dashes
 * (ASCII, en, em, minus sign), zero-width spaces, and digits in Arabic-Indic, Extended
 * Arabic-Indic (Persian), full-width, Devanagari and mathematical bold forms. Shared by the
 * unit, hygiene and IPC-fuzz suites so all three hold the same list.
 */

const arabicIndic = '٠١٢٣٤٥٦٧٨٩';
const persian = '۰۱۲۳۴۵۶۷۸۹';
const fullWidth = '０１２３４５６７８９';
const devanagari = '०१२३४५६७८९';
const mathBold = [...'𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗'];

const inDigits = (text: string, digits: readonly string[] | string) =>
  [...text].map((c) => (/\d/.test(c) ? [...digits][Number(c)] : c)).join('');
const grouped = (card: string, separator: string) =>
  card.replace(/(\d{4})(?=\d)/g, `$1${separator}`);

/** Name and text for each form of `card` (ASCII digits in, every form out). */
export function cardForms(card: string): [string, string][] {
  return [
    ['plain', card],
    ['spaces', grouped(card, ' ')],
    ['dashes', grouped(card, '-')],
    ['dots', grouped(card, '.')],
    ['slashes', grouped(card, '/')],
    ['underscores', grouped(card, '_')],
    ['commas', grouped(card, ',')],
    ['no-break spaces', grouped(card, '\u00a0')],
    ['thin spaces', grouped(card, '\u2009')],
    ['tabs', grouped(card, '\t')],
    ['double spaces', grouped(card, '  ')],
    ['en dashes', grouped(card, '\u2013')],
    ['em dashes', grouped(card, '\u2014')],
    ['minus signs', grouped(card, '\u2212')],
    ['zero-width spaces', grouped(card, '\u200b')],
    ['mixed run', grouped(card, ' -. ')],
    ['Arabic-Indic digits', inDigits(card, arabicIndic)],
    ['Arabic-Indic grouped', inDigits(grouped(card, ' '), arabicIndic)],
    ['Arabic comma', inDigits(grouped(card, '\u060c'), arabicIndic)],
    ['Persian digits', inDigits(card, persian)],
    ['full-width digits', inDigits(card, fullWidth)],
    ['full-width with full-width dashes', inDigits(grouped(card, '－'), fullWidth)],
    ['Devanagari digits', inDigits(card, devanagari)],
    ['mathematical bold digits', inDigits(card, mathBold)],
  ];
}

/** Bidirectional controls operator input must not carry (U+202A–U+202E, U+2066–U+2069). */
export const bidiControls = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
