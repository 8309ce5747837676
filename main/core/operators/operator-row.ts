import { z } from 'zod';
import { roleSchema } from '../../../shared/ipc-security';
import type { OperatorRecord } from './operator-store';

/**
 * An `operators` row as a database hands it back, parsed into the record. The counter's
 * SQLite and the store's PostgreSQL hold the same columns in their own types (0/1 against a
 * boolean, numbers against bigint text), so each says how it spells a flag, a count and a
 * time.
 */
export function operatorRowSchema(types: {
  flag: z.ZodType<boolean, unknown>;
  count: z.ZodType<number, unknown>;
  time: z.ZodType<number, unknown>;
}) {
  return z
    .object({
      operator_id: z.string(),
      display_name: z.string(),
      role: roleSchema,
      credential: z.enum(['pin', 'password']),
      secret_hash: z.string(),
      disabled: types.flag,
      failures: types.count,
      locked_until: types.time.nullable(),
      created_at: types.time,
      updated_at: types.time,
    })
    .transform((row): OperatorRecord => ({
      operatorId: row.operator_id,
      displayName: row.display_name,
      role: row.role,
      credential: row.credential,
      secretHash: row.secret_hash,
      disabled: row.disabled,
      failures: row.failures,
      lockedUntil: row.locked_until,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
}
