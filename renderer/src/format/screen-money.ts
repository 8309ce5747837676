import { formatMoney } from '../../../shared/format/money-text';
import type { Language } from '../../../shared/format/intl-locale';
import type { Currency } from '../../../shared/money/currencies';

/**
 * What an Arabic reader knows a currency by on a screen: the Saudi riyal as «ر.س», as on
 * the shop's price tags. Machines keep the code (CSV, reports).
 */
export const arabicCurrencySigns: Partial<Record<Currency, string>> = { SAR: 'ر.س' };

/**
 * An amount as the screens show it: formatMoney's digits and grouping, with the currency's
 * Arabic sign in place of its code in Arabic. Values meeting Arabic words still need their
 * own isolate (`<bdi>`) where they are placed.
 */
export function screenMoney(minor: number, currency: Currency, language: Language): string {
  const text = formatMoney(minor, currency, language);
  const sign = language === 'ar' ? arabicCurrencySigns[currency] : undefined;
  return sign === undefined ? text : text.replace(currency, sign);
}
