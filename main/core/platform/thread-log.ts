import type { MessagePort } from 'node:worker_threads';
import { z } from 'zod';
import type { Logger } from '../ports';

/**
 * Log lines of the worker threads (journal reader, store thread), posted to the main process
 * beside their answers. A packaged app keeps no stderr on Windows or macOS, so a thread's
 * line is written only by main, through its redacting logger into paydesk.log.
 */
export const threadLogLineSchema = z.object({
  kind: z.literal('log'),
  level: z.enum(['info', 'warn', 'error']),
  message: z.string().max(2_000),
  fields: z.record(z.string(), z.unknown()).optional(),
});

/** The thread's logger: each line goes to main, named after the thread. */
export function threadLogger(port: MessagePort, thread: string): Logger {
  const post =
    (level: 'info' | 'warn' | 'error') => (message: string, fields?: Record<string, unknown>) =>
      port.postMessage({ kind: 'log', level, message: `${thread}: ${message}`, fields });
  return { info: post('info'), warn: post('warn'), error: post('error') };
}

/**
 * Main's side: writes `message` to `logger` (the redacting one) when it is a thread's log
 * line, and says whether it was, so the caller reads everything else as its protocol.
 */
export function relayThreadLog(message: unknown, logger: Logger): boolean {
  const line = threadLogLineSchema.safeParse(message);
  if (!line.success) return false;
  const { level, message: text, fields } = line.data;
  if (fields === undefined) logger[level](text);
  else logger[level](text, fields);
  return true;
}
