import type { AuditTrail } from '../audit/audit-trail';
import type { SettingsAuditEntry } from '../settings/settings-service';

/**
 * A gateway or credentials change as the settings service reports it (origins only, never a
 * key or password), written into the audit chain with the operator who made it.
 */
export function recordSettingsAudit(
  audit: AuditTrail,
  operatorId: string | null,
  entry: SettingsAuditEntry,
): void {
  const cleared = entry.credentialsCleared ? ' credentials-cleared' : '';
  audit.record(entry.change === 'gateway' ? 'settings-changed' : 'credentials-changed', {
    operatorId,
    subject: entry.change,
    detail: `from=${entry.from ?? 'none'} to=${entry.to ?? 'none'}${cleared}`,
  });
}
