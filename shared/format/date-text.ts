import { intlLocale, type Language } from './intl-locale';

const formats = new Map<string, Intl.DateTimeFormat>();

function format(
  language: Language,
  options: Intl.DateTimeFormatOptions,
  timeZone: string | undefined,
): Intl.DateTimeFormat {
  const key = `${language}:${JSON.stringify(options)}:${timeZone ?? ''}`;
  let cached = formats.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(intlLocale(language), {
      ...options,
      ...(timeZone ? { timeZone } : {}),
    });
    formats.set(key, cached);
  }
  return cached;
}

// The one date style of Paydesk: screens, lists, filters and receipts all show a day the same
// way (22 Nov 2026 in English), from Intl in the chosen language, never the browser's locale.
const day: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
const dayAndTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };
const time: Intl.DateTimeFormatOptions = { timeStyle: 'medium' };

/** Date and time of an attempt, in the machine's time zone unless `timeZone` is given. */
export const formatDateTime = (epochMs: number, language: Language, timeZone?: string): string =>
  format(language, dayAndTime, timeZone).format(epochMs);

/** A calendar day alone (the history's date filter echoes what was typed with this). */
export const formatDate = (epochMs: number, language: Language, timeZone?: string): string =>
  format(language, day, timeZone).format(epochMs);

/**
 * The time of day alone, to the second: lists show it in a box of its own beside the day,
 * so it may move to its own line but is never cut («…:25:57» reads as another time).
 */
export const formatTime = (epochMs: number, language: Language, timeZone?: string): string =>
  format(language, time, timeZone).format(epochMs);
