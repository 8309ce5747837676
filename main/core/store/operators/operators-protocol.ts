import { z } from 'zod';
import { storeAccountSchema } from './store-sign-in';

/**
 * The store thread's messages for operators checked by the store (store step 12), spread
 * into store-protocol.ts: the main process asks, the store thread (which owns the pool) runs
 * the store's function. A secret crosses to the thread in memory for one try, never stored.
 */
const id = z.number().int();
const operatorId = z.string().trim().min(1).max(64);
const role = z.enum(['cashier', 'supervisor', 'admin']);

export const operatorRequestSchemas = [
  z.strictObject({
    id,
    op: z.literal('operatorSignIn'),
    operatorId,
    secret: z.string().min(1).max(128),
    purpose: z.enum(['sign-in', 'approval']),
  }),
  z.strictObject({
    id,
    op: z.literal('operatorWrite'),
    token: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable(),
    operatorId,
    create: z.boolean(),
    displayName: z.string().min(1).max(64).nullable(),
    role: role.nullable(),
    secret: z.string().min(1).max(128).nullable(),
    disabled: z.boolean().nullable(),
    unlock: z.boolean(),
  }),
  z.strictObject({
    id,
    op: z.literal('operatorSignOut'),
    token: z.string().regex(/^[0-9a-f]{64}$/),
  }),
] as const;

export const operatorValueSchemas = {
  operatorSignIn: z.discriminatedUnion('outcome', [
    z.object({
      outcome: z.literal('ok'),
      account: storeAccountSchema,
      token: z.string().nullable(),
    }),
    z.object({
      outcome: z.enum(['wrong', 'locked', 'locked-now', 'disabled']),
      account: storeAccountSchema,
    }),
    z.object({ outcome: z.literal('unknown') }),
  ]),
  operatorWrite: storeAccountSchema,
  operatorSignOut: z.object({}),
} as const;
