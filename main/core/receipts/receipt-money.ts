import type { Currency } from '../../../shared/money/currencies';
import { formatMoney } from '../../../shared/format/money-text';
import type { Language } from '../../../shared/format/intl-locale';

/**
 * Currency names a customer reads on an Arabic receipt in place of the ISO code: a Saudi
 * customer reads «ر.س», not SAR. Only receipts: CSV files and reports keep the code for the
 * machines that read them.
 */
const arabicCurrencyNames: Partial<Record<Currency, string>> = { SAR: 'ر.س' };

/**
 * An amount as the receipt prints it: the screen's format (same digits, grouping and order of
 * amount and currency, from the exact decimal text), with the Arabic currency name where the
 * customer reads one.
 */
export function formatReceiptMoney(minor: number, currency: Currency, language: Language): string {
  const text = formatMoney(minor, currency, language);
  const name = language === 'ar' ? arabicCurrencyNames[currency] : undefined;
  return name ? text.replace(currency, name) : text;
}
