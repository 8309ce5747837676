import type { Language } from '../i18n/languages';
import { intlLocale } from '../../../shared/format/intl-locale';

/**
 * A whole number of hours as people say it: days when it divides into days. Intl words it
 * with the language's own plural rules (Arabic has six) and the app's digits.
 */
export function formatHours(hours: number, language: Language): string {
  const days = hours >= 24 && hours % 24 === 0;
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'unit',
    unit: days ? 'day' : 'hour',
    unitDisplay: 'long',
  }).format(days ? hours / 24 : hours);
}
