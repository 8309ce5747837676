import type { Logger } from '../ports';
import { maskSensitiveText, redactValue } from './redact';

type Level = keyof Logger;

/**
 * Wraps any sink so nothing it receives carries a card number or a credential: messages and
 * every field value pass through the redactor first. Everything in the core logs through one
 * of these; the sink (console, file, test buffer) never sees raw values.
 */
export function createLogger(sink: Logger): Logger {
  const emit = (level: Level) => (message: string, fields?: Record<string, unknown>) => {
    const safeMessage = maskSensitiveText(message);
    if (fields === undefined) sink[level](safeMessage);
    else sink[level](safeMessage, redactValue(fields) as Record<string, unknown>);
  };
  return { info: emit('info'), warn: emit('warn'), error: emit('error') };
}
