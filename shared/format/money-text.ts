import { currencyExponent, formatMinor } from '../money/amount';
import type { Currency } from '../money/currencies';
import { intlLocale, type Language } from './intl-locale';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(language: Language, currency: Currency): Intl.NumberFormat {
  const key = `${language}:${currency}`;
  let cached = formatters.get(key);
  if (!cached) {
    const digits = currencyExponent(currency);
    cached = new Intl.NumberFormat(intlLocale(language), {
      style: 'currency',
      currency,
      currencyDisplay: 'code',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, cached);
  }
  return cached;
}

/**
 * An amount as the operator reads it: currency code, grouping and digits of the language.
 * Screens and receipts both use this, so a receipt shows `SAR 1,250.50` as the screen does.
 * Intl gets the exact decimal text (ES2023 formats numeric strings without going through a
 * float), so no amount is ever shown rounded.
 */
export function formatMoney(minor: number, currency: Currency, language: Language): string {
  return formatter(language, currency).format(
    formatMinor(minor, currency) as Intl.StringNumericLiteral,
  );
}
