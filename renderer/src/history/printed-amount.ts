import { parseAmount } from '../../../shared/money/amount';
import type { Currency } from '../../../shared/money/currencies';
import { arabicCurrencySigns } from '../format/screen-money';

// What Intl and a copy from a screen or receipt put among the digits: direction marks and
// isolates, spaces of every width.
const marks = /[\u061c\u200e\u200f\u2066-\u2069\s]/g;
/** The currency before or after the number: its code (any case), or its Arabic sign. */
function currencyAtEnds(currency: Currency): RegExp {
  const sign = arabicCurrencySigns[currency];
  const names = [currency, ...(sign ? [sign.replaceAll('.', '\\.')] : [])].join('|');
  return new RegExp(`^(?:${names})|(?:${names})$`, 'gi');
}
// Arabic-Indic (U+0660…) and Extended Arabic-Indic (U+06F0…) digits, as Arabic Intl prints.
const arabicDigit = /[\u0660-\u0669\u06f0-\u06f9]/g;
const arabicGroup = '\u066c';
const arabicDecimal = '\u066b';

// Thousands grouped by commas, a decimal point optional: 1,250.50 or 1,250.
const grouped = /^\d{1,3}(,\d{3})+(\.\d+)?$/;
// A decimal point (or comma) marks an amount: '12.50'. Plain digits stay text, since '0008'
// is more likely the last 4 of a card and references and order ids contain digits too.
const decimal = /^\d+[.,]\d+$/;

function westernDigits(text: string): string {
  return text.replace(arabicDigit, (digit) => String((digit.codePointAt(0) ?? 0) & 0xf));
}

/**
 * The amount in minor units of `currency` when the text reads as an amount as Paydesk prints
 * it in either language (`SAR 1,250.50`, `‏١٬٢٥٠٫٥٠ ر.س`, `12,50`), else null. Plain digits are
 * an amount only with a currency beside them. Too many decimals for the currency: null, so
 * the text is searched as text rather than rounded.
 */
export function readPrintedAmount(text: string, currency: Currency): number | null {
  const bare = westernDigits(text)
    .replace(marks, '')
    .replaceAll(arabicGroup, ',')
    .replaceAll(arabicDecimal, '.');
  const digits = bare.replace(currencyAtEnds(currency), '');
  const withCurrency = digits !== bare;
  let plain: string | null = null;
  if (grouped.test(digits)) plain = digits.replaceAll(',', '');
  else if (decimal.test(digits)) plain = digits.replace(',', '.');
  else if (withCurrency && /^\d+$/.test(digits)) plain = digits;
  if (plain === null) return null;
  const amount = parseAmount(plain, currency);
  return amount.ok ? amount.value : null;
}
