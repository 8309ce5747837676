import { z } from 'zod';
import { scryptKeyFor } from '../../operators/secret-hash';
import type { StoreQueryable } from '../store-pool';

/**
 * Sign-ins, approvals and operator changes as the store checks and counts them (store step
 * 12, `paydesk_sign_in` and `paydesk_write_operator`): the store holds the only hash a
 * counter cannot read, counts every counter's tries under one row lock with its own clock,
 * and changes an account only for an admin signed in at this counter.
 */

/** An operator's account as the store shows it to counters: never a secret. */
export const storeAccountSchema = z.object({
  operatorId: z.string().min(1).max(32),
  displayName: z.string().min(1).max(64),
  role: z.enum(['cashier', 'supervisor', 'admin']),
  credential: z.enum(['pin', 'password']),
  disabled: z.boolean(),
  failures: z.number().int().min(0),
  lockedUntil: z.number().int().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  /** When its secret was last set, in the store's time: a copy kept from before is stale. */
  secretSetAt: z.number().int(),
});
export type StoreAccount = z.infer<typeof storeAccountSchema>;

/** The account columns of `store_operators` and of the `paydesk_operator` type, as one row. */
export const accountColumns = `operator_id, display_name, role, credential, disabled, failures,
  locked_until, created_at, updated_at, secret_set_at`;

const rowSchema = z
  .object({
    operator_id: z.string(),
    display_name: z.string(),
    role: z.string(),
    credential: z.string(),
    disabled: z.boolean(),
    failures: z.number(),
    locked_until: z.coerce.number().nullable(),
    created_at: z.coerce.number(),
    updated_at: z.coerce.number(),
    secret_set_at: z.coerce.number(),
  })
  .transform((row) =>
    storeAccountSchema.parse({
      operatorId: row.operator_id,
      displayName: row.display_name,
      role: row.role,
      credential: row.credential,
      disabled: row.disabled,
      failures: row.failures,
      lockedUntil: row.locked_until,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      secretSetAt: row.secret_set_at,
    }),
  );

export const accountOfRow = (row: unknown): StoreAccount => rowSchema.parse(row);

export type StoreSignIn =
  | { outcome: 'ok'; account: StoreAccount; token: string | null }
  /** `locked-now`: this wrong try was the one that locked the operator. */
  | { outcome: 'wrong' | 'locked' | 'locked-now' | 'disabled'; account: StoreAccount }
  | { outcome: 'unknown' };

const signInSql = `SELECT s.outcome, s.legacy_params, s.session_token, (s.account).*
  FROM paydesk_sign_in($1, $2, $3, $4, $5) AS s`;

/**
 * One sign-in or approval try, checked and counted by the store. A secret the store kept from
 * before it hashed secrets itself is answered with its scrypt key, once; the store then
 * keeps a hash of its own.
 */
export async function signInAtStore(
  db: StoreQueryable,
  request: {
    counterId: string;
    operatorId: string;
    secret: string;
    purpose: 'sign-in' | 'approval';
  },
): Promise<StoreSignIn> {
  const ask = (legacyKey: string | null) =>
    db.query(signInSql, [
      request.counterId,
      request.operatorId,
      request.secret,
      request.purpose,
      legacyKey,
    ]);
  let row = (await ask(null)).rows[0] as Record<string, unknown> | undefined;
  if (row?.outcome === 'legacy') {
    const key = await scryptKeyFor(request.secret, String(row.legacy_params));
    row = (await ask(key ?? '')).rows[0] as Record<string, unknown> | undefined;
  }
  const outcome = z
    .enum(['ok', 'wrong', 'locked', 'locked-now', 'disabled', 'unknown'])
    .parse(row?.outcome);
  if (outcome === 'unknown') return { outcome };
  const account = accountOfRow(row);
  if (outcome === 'ok') {
    const token = z
      .string()
      .nullable()
      .parse(row?.session_token ?? null);
    return { outcome, account, token };
  }
  return { outcome, account };
}

/** An operator added or changed; null fields stay as they are. */
export interface StoreOperatorWrite {
  counterId: string;
  /** The signing-in admin's token; null only for a store's first admin. */
  token: string | null;
  operatorId: string;
  create: boolean;
  displayName: string | null;
  role: 'cashier' | 'supervisor' | 'admin' | null;
  secret: string | null;
  disabled: boolean | null;
  unlock: boolean;
}

/** The store's refusal of a write, by the code it raised (`paydesk:<code>`). */
export class StoreOperatorRefusal extends Error {
  constructor(readonly code: string) {
    super(`the store refused: ${code}`);
    this.name = 'StoreOperatorRefusal';
  }
}

const refusalOf = (error: unknown) => {
  const found = /^paydesk:([a-z-]+)$/.exec(error instanceof Error ? error.message : '');
  return found?.[1] ? new StoreOperatorRefusal(found[1]) : error;
};

export async function writeOperatorAtStore(
  db: StoreQueryable,
  write: StoreOperatorWrite,
): Promise<StoreAccount> {
  try {
    const result = await db.query(
      'SELECT * FROM paydesk_write_operator($1, $2, $3, $4, $5, $6, $7, $8, $9)',
      [
        write.counterId,
        write.token,
        write.operatorId,
        write.create,
        write.displayName,
        write.role,
        write.secret,
        write.disabled,
        write.unlock,
      ],
    );
    return accountOfRow(result.rows[0]);
  } catch (error) {
    throw refusalOf(error);
  }
}

export async function signOutAtStore(db: StoreQueryable, token: string): Promise<void> {
  await db.query('SELECT paydesk_sign_out($1)', [token]);
}
