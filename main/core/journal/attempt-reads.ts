import type { StatementSync } from 'node:sqlite';
import { auditEventSchema, type AttemptDetail } from '../../../shared/ipc';
import { parseRecordRow, recordColumns, type StoredAttempt } from './attempt-rows';
import { toAttemptResult, toHistoryRow } from './attempt-views';

type Prepare = (sql: string) => StatementSync;

/**
 * One attempt by id, as stored: the writer reads it to check a transition, the reader
 * thread to show it. Both go through the same parse.
 */
export function readStored(prepare: Prepare, attemptId: string): StoredAttempt | null {
  const row = prepare(`SELECT ${recordColumns} FROM attempts WHERE attempt_id = ?`).get(attemptId);
  return row === undefined ? null : parseRecordRow(row);
}

/** An attempt's page: its history row, its result and its audit trail, oldest event first. */
export function readDetail(prepare: Prepare, attemptId: string): AttemptDetail | null {
  const attempt = readStored(prepare, attemptId);
  if (attempt === null) return null;
  const events = prepare(
    `SELECT at, step, outcome, detail, operator FROM events
     WHERE attempt_id = ? ORDER BY event_id`,
  )
    .all(attemptId)
    .map((row) => auditEventSchema.parse(row));
  return { row: toHistoryRow(attempt), result: toAttemptResult(attempt), events };
}
