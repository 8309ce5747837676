import { ar } from '../../renderer/src/i18n/ar';
import { en } from '../../renderer/src/i18n/en';
import type { Settings } from '../../shared/ipc';

type Language = Settings['language'];

// The renderer's own tables, so the windows main opens speak the language chosen in Settings.
const tables = { en: en.shell, ar: ar.shell };
const updateTables = { en: en.updates, ar: ar.updates };

/** Electron's locale ("ar-SA", "en-US") as one of ours; English for anything else. */
export const languageOfLocale = (locale: string): Language =>
  locale.toLowerCase().startsWith('ar') ? 'ar' : 'en';

/** The customer verification window's title. */
export const challengeTitle = (language: Language): string => tables[language].challengeTitle;

/**
 * The start-up failure box: a sentence the operator can act on, then the failure's code (or
 * its first line) as the details for support, never as the message itself. A journal update
 * that failed (rolled back, the journal as it was) names the log file support needs; in
 * Arabic the path is isolated left to right, or its slashes and dots land scrambled.
 */
export function startupFailure(
  language: Language,
  error: unknown,
  logPath: string,
): { title: string; body: string } {
  const words = tables[language];
  const code = (error as { code?: unknown } | null)?.code;
  const shownPath = language === 'ar' ? `\u2066${logPath}\u2069` : logPath;
  const sentence =
    code === 'journal-migration-failed'
      ? `${updateTables[language].migrationFailed}\n${shownPath}`
      : code === 'journal-from-newer-version'
        ? words.startupNewerJournal
        : words.startupGeneric;
  const details =
    typeof code === 'string'
      ? code
      : ((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '').slice(
          0,
          200,
        );
  return {
    title: words.startupTitle,
    body: `${sentence}\n\n${words.details}: ${details}`,
  };
}
