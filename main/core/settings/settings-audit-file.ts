import { appendFileSync } from 'node:fs';
import { maskSensitiveText } from '../logging/redact';
import type { SettingsAuditEntry } from './settings-service';

/**
 * The settings audit trail: one JSON line per change of the gateway (environment, custom
 * URL) or its credentials, appended to a file beside the journals and never rewritten. It
 * names origins and times only: no key, no password. Written synchronously, so the line is
 * on disk before the operator sees "saved".
 */
export function settingsAuditFile(path: string, now: () => number) {
  return (entry: SettingsAuditEntry): void => {
    const line = JSON.stringify({ at: new Date(now()).toISOString(), ...entry });
    appendFileSync(path, `${maskSensitiveText(line)}\n`, { mode: 0o600 });
  };
}
