import type { Logger } from '../ports';

/**
 * A sink that writes one JSON line per entry, for log files and for tests that scan what
 * was logged. It does no redaction itself: wrap it with `createLogger`.
 */
export function createLineSink(write: (line: string) => void, now: () => number): Logger {
  const line = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    write(`${JSON.stringify({ at: new Date(now()).toISOString(), level, message, ...fields })}\n`);
  return { info: line('info'), warn: line('warn'), error: line('error') };
}
