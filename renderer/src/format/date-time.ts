import type { Language } from '../i18n/languages';
import { intlLocale } from '../../../shared/format/intl-locale';

const dateTime = new Map<string, Intl.DateTimeFormat>();

/**
 * Date and time of an attempt, in the operator's language and the machine's time zone:
 * `long` for detail views (month in words, seconds), `short` for list rows.
 */
export function formatDateTime(
  epochMs: number,
  language: Language,
  length: 'long' | 'short' = 'long',
): string {
  const key = `${language}:${length}`;
  let cached = dateTime.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(
      intlLocale(language),
      length === 'long'
        ? { dateStyle: 'medium', timeStyle: 'medium' }
        : { dateStyle: 'short', timeStyle: 'short' },
    );
    dateTime.set(key, cached);
  }
  return cached.format(epochMs);
}

/** A calendar day alone (date filters), in the same style as the dates of attempts. */
export function formatDate(epochMs: number, language: Language): string {
  const key = `${language}:day`;
  let cached = dateTime.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' });
    dateTime.set(key, cached);
  }
  return cached.format(epochMs);
}

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
