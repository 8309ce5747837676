import type { Settings } from '../ipc';

export type Language = Settings['language'];

/**
 * The Intl locale for each UI language. English uses British conventions (day before month),
 * which is what merchants in the gateway's markets read; Arabic takes whatever digits and
 * separators Intl gives for `ar`, so the operator sees the same numerals as on their system.
 */
export function intlLocale(language: Language): string {
  return language === 'ar' ? 'ar' : 'en-GB';
}
