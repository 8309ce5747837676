import { z } from 'zod';

/**
 * Store mode's part of the IPC contract, spread into shared/ipc.ts like the
 * security channels. Passwords go in, never out.
 */

const text = (max: number) => z.string().max(max);

export const storeStatusSchema = z.object({
  /** `off`: no store configured; `online`/`offline`: replication's last result. */
  state: z.enum(['off', 'online', 'offline']),
  /** Epoch ms of the start of the current outage. */
  offlineSince: z.number().int().nullable(),
  /** Records in the outbox not yet in the store. */
  waiting: z.number().int().nonnegative(),
  counterId: text(32).nullable(),
});
export type StoreStatus = z.infer<typeof storeStatusSchema>;

/** Where the store database is and who this counter is there (its password travels apart). */
const storeConnectionFields = {
  host: text(253),
  port: z.number().int(),
  database: text(63),
  user: text(63),
  tls: z.enum(['off', 'verify-full']),
  caPem: text(20_000).optional(),
  counterId: text(32),
  counterName: text(64),
};

export const storeConnectionViewSchema = z.object(storeConnectionFields);

export const storeSettingsViewSchema = z.object({
  connection: storeConnectionViewSchema.nullable(),
  passwordSet: z.boolean(),
  status: storeStatusSchema,
});
export type StoreSettingsView = z.infer<typeof storeSettingsViewSchema>;

const storeRowSchema = z.object({
  attemptId: text(64),
  counterId: text(32),
  createdAt: z.number().int(),
  merchantReferenceId: text(64),
  orderId: text(64).nullable(),
  amountMinor: z.number().int().nonnegative(),
  currency: text(3),
  masked: text(32),
  holderName: text(128),
  status: text(32),
  operatorId: text(32).nullable(),
  /** What is left to refund, for a refund from another counter. */
  refundedMinor: z.number().int().nonnegative(),
});
export type StoreHistoryRowView = z.infer<typeof storeRowSchema>;

const empty = z.strictObject({});

export const storeChannels = {
  storeStatus: { channel: 'store:status', request: empty, response: storeStatusSchema },
  storeSettings: { channel: 'store:settings', request: empty, response: storeSettingsViewSchema },
  storeConfigure: {
    channel: 'store:configure',
    /** Connects, registers the counter and starts replicating; a null password keeps the saved one. */
    request: z.strictObject({
      connection: z.strictObject(storeConnectionFields),
      password: text(200).nullable(),
    }),
    response: storeSettingsViewSchema,
  },
  storeMigrate: {
    channel: 'store:migrate',
    request: empty,
    response: z.object({ applied: z.array(z.number().int()), version: z.number().int() }),
  },
  storeHistory: {
    channel: 'store:history',
    request: z.strictObject({
      filters: z.strictObject({
        text: text(100).optional(),
        counterId: text(32).optional(),
        operatorId: text(32).optional(),
      }),
      cursor: text(200).nullable(),
      limit: z.number().int().min(1).max(200),
    }),
    response: z.object({ rows: z.array(storeRowSchema), nextCursor: text(200).nullable() }),
  },
} as const;

export const storeEvents = {
  storeStatusChanged: { channel: 'store:status-changed', payload: storeStatusSchema },
  /** Another counter's records arrived: the store History refreshes. */
  storeChanged: { channel: 'store:changed', payload: z.object({ counterId: text(32).nullable() }) },
} as const;
