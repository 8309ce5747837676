import { ar } from '../../renderer/src/i18n/ar';
import { en } from '../../renderer/src/i18n/en';
import type { Settings } from '../../shared/ipc';

type Language = Settings['language'];

// The renderer's own tables, so the windows main opens speak the language chosen in Settings.
const tables = { en: en.shell, ar: ar.shell };

/** Electron's locale ("ar-SA", "en-US") as one of ours; English for anything else. */
export const languageOfLocale = (locale: string): Language =>
  locale.toLowerCase().startsWith('ar') ? 'ar' : 'en';

/** The customer verification window's title. */
export const challengeTitle = (language: Language): string => tables[language].challengeTitle;

/**
 * The start-up failure box: a sentence the operator can act on, then the failure's code (or
 * its first line) as the details for support, never as the message itself.
 */
export function startupFailure(
  language: Language,
  error: unknown,
): { title: string; body: string } {
  const words = tables[language];
  const code = (error as { code?: unknown } | null)?.code;
  const known = code === 'journal-from-newer-version';
  const details =
    typeof code === 'string'
      ? code
      : ((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '').slice(
          0,
          200,
        );
  return {
    title: words.startupTitle,
    body: `${known ? words.startupNewerJournal : words.startupGeneric}\n\n${words.details}: ${details}`,
  };
}
