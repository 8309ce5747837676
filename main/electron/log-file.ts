import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createLineSink } from '../core/logging/line-sink';
import type { Logger } from '../core/ports';

/** The log file support asks for (the start-up failure box names it). */
export const logFilePath = (logsDir: string): string => join(logsDir, 'paydesk.log');

/**
 * The raw log sink: JSON lines appended to `<logs>/paydesk.log`. The core wraps it in the
 * redacting logger, so nothing written here carries card data or credentials.
 */
export function createLogFileSink(logsDir: string, now: () => number): Logger {
  mkdirSync(logsDir, { recursive: true });
  const out = createWriteStream(logFilePath(logsDir), { flags: 'a', mode: 0o600 });
  return createLineSink((line) => void out.write(line), now);
}
