import type { Language } from '../i18n/languages';
import { intlLocale } from '../../../shared/format/intl-locale';

/** A count (rows shown, rows exported) with the language's digits and grouping. */
export function formatCount(count: number, language: Language): string {
  return new Intl.NumberFormat(intlLocale(language)).format(count);
}
