import type { Language } from '../i18n/languages';

import { intlLocale } from '../../../shared/format/intl-locale';

/**
 * Elapsed time as m:ss with the language's digits (the progress screen ticks every second).
 * Whole seconds, rounded down, so the display never runs ahead of the clock.
 */
export function formatElapsed(elapsedMs: number, language: Language): string {
  const totalSeconds = Math.max(0, Math.floor(elapsedMs / 1000));
  const locale = intlLocale(language);
  const minutes = new Intl.NumberFormat(locale).format(Math.floor(totalSeconds / 60));
  const seconds = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2 }).format(
    totalSeconds % 60,
  );
  return `${minutes}:${seconds}`;
}
