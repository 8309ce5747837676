import { z } from 'zod';

/**
 * Where the store's PostgreSQL is and who this counter is (Settings, admin only). The
 * password is not here: it is kept apart, encrypted like the gateway credentials.
 */
export const counterIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, 'letters, digits, - and _ only, at most 32');

export const storeConnectionSchema = z.strictObject({
  host: z.string().trim().min(1).max(253),
  port: z.number().int().min(1).max(65_535),
  database: z.string().trim().min(1).max(63),
  user: z.string().trim().min(1).max(63),
  /** `verify-full`: TLS with the server's certificate and host name checked. */
  tls: z.enum(['off', 'verify-full']),
  /** PEM of the CA that signed the server's certificate; absent: the system's CAs. */
  caPem: z.string().max(20_000).optional(),
  counterId: counterIdSchema,
  counterName: z.string().trim().min(1).max(64),
});

export type StoreConnection = z.infer<typeof storeConnectionSchema>;
