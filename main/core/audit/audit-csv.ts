import { writeFile } from 'node:fs/promises';
import type { AuditRow } from '../../../shared/ipc-security';
import { csvLine } from '../platform/csv-cells';

const header = ['seq', 'time_utc', 'event', 'operator', 'subject', 'detail'];

/** The audit rows as CSV (RFC 4180, formula-guarded like the history export). */
export async function writeAuditCsv(rows: readonly AuditRow[], path: string): Promise<number> {
  const lines = [csvLine(header)];
  for (const row of rows) {
    lines.push(
      csvLine([
        row.seq,
        new Date(row.at).toISOString(),
        row.event,
        row.operatorId,
        row.subject,
        row.detail,
      ]),
    );
  }
  await writeFile(path, lines.join(''));
  return rows.length;
}
