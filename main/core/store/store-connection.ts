import { z } from 'zod';

/**
 * Where the store's PostgreSQL is and who this counter is (Settings, admin only). The
 * password is not here: it is kept apart, encrypted like the gateway credentials.
 */
export const counterIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, 'letters, digits, - and _ only, at most 32');

/** A host name, IPv4 or IPv6 address: nothing a connection string could be smuggled in. */
const hostSchema = z
  .string()
  .trim()
  .regex(
    /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|[0-9A-Fa-f:.]{2,45})$/,
    'a host name or address',
  );
/** PostgreSQL database and role names as IT types them (no quoting needed). */
const identifierSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z_][A-Za-z0-9_.-]{0,62}$/, 'letters, digits, _ . and -');

export const storeConnectionSchema = z.strictObject({
  host: hostSchema,
  port: z.number().int().min(1).max(65_535),
  database: identifierSchema,
  user: identifierSchema,
  /** `verify-full`: TLS with the server's certificate and host name checked. */
  tls: z.enum(['off', 'verify-full']),
  /** PEM of the CA that signed the server's certificate; absent: the system's CAs. */
  caPem: z.string().max(20_000).optional(),
  counterId: counterIdSchema,
  counterName: z.string().trim().min(1).max(64),
});

export type StoreConnection = z.infer<typeof storeConnectionSchema>;
