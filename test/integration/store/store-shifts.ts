import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ShiftReport } from '../../../shared/ipc-shifts';
import { createAuditTrail } from '../../../main/core/audit/audit-trail';
import { createSqliteAuditStore } from '../../../main/core/audit/sqlite-audit-store';
import { openSecurityDatabase } from '../../../main/core/operators/security-database';
import { startJournalReader } from '../../../main/core/reader/journal-reader';
import { sourceReaderEntry } from '../../../main/core/reader/reader-thread-source';
import { createShiftService } from '../../../main/core/shifts/shift-service';

/**
 * Closes the open shift of the journal at `path` with its Z report, as the Shift screen's
 * admin does (the shift service over the real file; no gateway, so "not reconciled").
 */
export async function closeShiftWithZ(path: string, closedBy: string | null): Promise<ShiftReport> {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-store-shift-'));
  const securityDb = openSecurityDatabase(join(dir, 'security.sqlite'), 0);
  const clock = { now: () => Date.now() };
  const audit = createAuditTrail({
    store: createSqliteAuditStore(securityDb),
    key: randomBytes(32),
    clock,
  });
  const reader = startJournalReader({
    path,
    entry: sourceReaderEntry,
    logger: console,
    onThreadError: (error) => {
      throw error;
    },
  });
  const shifts = createShiftService({
    path,
    clock,
    audit,
    reader,
    search: async () => ({
      ok: false,
      error: { kind: 'network', operation: 'search', detail: 'credentials-missing' },
    }),
    binding: async () => null,
  });
  try {
    return await shifts.closeShift(closedBy);
  } finally {
    shifts.close();
    await reader.close();
    securityDb.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
