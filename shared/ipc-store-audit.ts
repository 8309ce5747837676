import { z } from 'zod';

/**
 * Every counter's audit chain as checked from this counter (docs/store.md "Audit
 * across counters"): Verify audit trail shows it per counter, the store end of day records
 * each chain's head with it. Spread into shared/ipc.ts like the other store channels.
 */

const text = (max: number) => z.string().max(max);

export const storeAuditChainSchema = z.object({
  counterId: text(32),
  counterName: text(64),
  /** Rows checked, from 1 to the head. */
  rows: z.number().int().nonnegative(),
  /** Of those, rows written before the counter began signing (covered by its first signature). */
  unsignedRows: z.number().int().nonnegative(),
  /** The newest row checked: its number, its public chain value, its MAC as the Z report prints it. */
  head: z
    .object({
      seq: z.number().int().positive(),
      link: z.string().regex(/^[0-9a-f]{64}$/),
      mac: text(16),
    })
    .nullable(),
  /**
   * The counter's public key in the store against the one this counter pinned: `pinned`
   * (the same), `missing` (the counter has published none: not upgraded yet, nothing can be
   * proven), `changed` (differs from, or replaced, the pinned one: not trusted).
   */
  key: z.enum(['pinned', 'missing', 'changed']),
  /** The first row that does not hold, and why; null when every check held. */
  broken: z
    .object({
      seq: z.number().int().positive(),
      reason: z.enum(['gap', 'signature', 'unsigned', 'truncated']),
    })
    .nullable(),
});
export type StoreAuditChain = z.infer<typeof storeAuditChainSchema>;

export const storeAuditChannels = {
  auditVerifyStore: {
    channel: 'audit:verify-store',
    request: z.strictObject({}),
    response: z.object({ chains: z.array(storeAuditChainSchema) }),
  },
} as const;
