import { parseArgs } from 'node:util';
import { err, ok, type Result } from '../../shared/result';

export interface PreviewOptions {
  headless: boolean;
  /** Absent: the language last chosen in Settings (kept in --data-dir), else English. */
  language: 'en' | 'ar' | undefined;
  /** Kept after the preview stops; a fresh temp dir (removed on exit) when absent. */
  dataDir: string | undefined;
  /** Chrome DevTools Protocol port on 127.0.0.1, for scripts and tests that drive the window. */
  cdpPort: number | undefined;
}

export const previewUsage = `Usage: npm run preview -- [--language en|ar] [--data-dir DIR] [--headless]

Opens Paydesk in Training mode without Electron: the real core and the simulated gateway in
Node, the app in a Chromium (or Chrome) window, the customer's verification page in a second
window. Close the window or press Ctrl+C to stop.

  --language en|ar   Language to start in (default: the one last chosen in Settings,
                     kept in --data-dir; English in a fresh one).
  --data-dir DIR     Keep journals and settings in DIR across runs (default: a temp dir).
  --headless         No window (for scripts and tests); prints the same ready line.
  --cdp-port N       Let a script drive the window over the DevTools protocol on 127.0.0.1:N.
  -h, --help         This text.`;

/** Parses `npm run preview` flags; a bad flag is an error naming it, never a silent default. */
export function parsePreviewArgs(argv: string[]): Result<PreviewOptions | 'help', string> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        headless: { type: 'boolean', default: false },
        language: { type: 'string' },
        'data-dir': { type: 'string' },
        'cdp-port': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    return err(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return ok('help');
  if (values.language !== undefined && values.language !== 'en' && values.language !== 'ar') {
    return err(`--language must be en or ar, not "${values.language}"`);
  }
  const cdpText = values['cdp-port'];
  const cdpPort = cdpText === undefined ? undefined : Number(cdpText);
  if (cdpPort !== undefined && !(Number.isInteger(cdpPort) && cdpPort > 0 && cdpPort < 65536)) {
    return err(`--cdp-port must be a port number from 1 to 65535, not "${cdpText}"`);
  }
  return ok({
    headless: values.headless,
    language: values.language,
    dataDir: values['data-dir'],
    cdpPort,
  });
}
