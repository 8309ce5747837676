import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { z } from 'zod';
import {
  defaultOperatorsConfig,
  type OperatorRecord,
  type OperatorsConfig,
  type OperatorStore,
} from './operator-store';
import { operatorRowSchema } from './operator-row';

const rowSchema = operatorRowSchema({
  flag: z
    .number()
    .int()
    .transform((flag) => flag !== 0),
  count: z.number().int(),
  time: z.number().int(),
});

const markSchema = z
  .object({
    failures: z.number().int(),
    updated_at: z.number().int(),
    secret_set_at: z.number().int(),
  })
  .transform((row) => ({
    failures: row.failures,
    updatedAt: row.updated_at,
    secretSetAt: row.secret_set_at,
  }));

const configSchema = z.object({
  enabled: z.boolean(),
  idleMinutes: z.number().int().min(1).max(240),
  refundThresholds: z.record(z.string(), z.string()),
});

const columnOf: Record<keyof Omit<OperatorRecord, 'operatorId'>, string> = {
  displayName: 'display_name',
  role: 'role',
  credential: 'credential',
  secretHash: 'secret_hash',
  disabled: 'disabled',
  failures: 'failures',
  lockedUntil: 'locked_until',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const sqlValue = (value: unknown): SQLInputValue =>
  typeof value === 'boolean' ? (value ? 1 : 0) : (value as SQLInputValue);

/** The OperatorStore over security.sqlite. */
export function createSqliteOperatorStore(db: DatabaseSync): OperatorStore {
  const parse = (row: unknown) => rowSchema.parse(row);
  return {
    all: () => db.prepare('SELECT * FROM operators ORDER BY display_name').all().map(parse),
    get(operatorId) {
      const row = db.prepare('SELECT * FROM operators WHERE operator_id = ?').get(operatorId);
      return row === undefined ? null : parse(row);
    },
    insert(record) {
      db.prepare(
        `INSERT INTO operators (operator_id, display_name, role, credential, secret_hash,
           disabled, failures, locked_until, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        record.operatorId,
        record.displayName,
        record.role,
        record.credential,
        record.secretHash,
        record.disabled ? 1 : 0,
        record.failures,
        record.lockedUntil,
        record.createdAt,
        record.updatedAt,
      );
    },
    update(operatorId, patch) {
      const entries = Object.entries(patch).filter(([, value]) => value !== undefined);
      if (entries.length === 0) return;
      const keys = entries.map(([key]) => columnOf[key as keyof typeof columnOf]);
      db.prepare(
        `UPDATE operators SET ${keys.map((column) => `${column} = ?`).join(', ')}
         WHERE operator_id = ?`,
      ).run(...entries.map(([, value]) => sqlValue(value)), operatorId);
    },
    syncMark(operatorId) {
      const row = db
        .prepare(
          `SELECT failures, updated_at, secret_set_at FROM operator_sync WHERE operator_id = ?`,
        )
        .get(operatorId);
      if (row === undefined) return null;
      return markSchema.parse(row);
    },
    setSyncMark(operatorId, mark) {
      db.prepare(
        `INSERT INTO operator_sync (operator_id, failures, updated_at, secret_set_at)
         VALUES (?, ?, ?, ?)
         ON CONFLICT (operator_id) DO UPDATE SET failures = excluded.failures,
           updated_at = excluded.updated_at, secret_set_at = excluded.secret_set_at`,
      ).run(operatorId, mark.failures, mark.updatedAt, mark.secretSetAt);
    },
    config() {
      const row = db.prepare('SELECT json FROM operator_config WHERE id = 1').get();
      if (row === undefined) return defaultOperatorsConfig;
      const parsed = configSchema.safeParse(parseJson(String(row.json)));
      // Damaged settings must not switch sign-in off: operators stay on if any exist.
      if (!parsed.success) {
        const count = Number(db.prepare('SELECT count(*) AS n FROM operators').get()?.n ?? 0);
        return { ...defaultOperatorsConfig, enabled: count > 0 };
      }
      return parsed.data;
    },
    setConfig(config: OperatorsConfig) {
      db.prepare(
        `INSERT INTO operator_config (id, json) VALUES (1, ?)
         ON CONFLICT (id) DO UPDATE SET json = excluded.json`,
      ).run(JSON.stringify(config));
    },
  };
}
