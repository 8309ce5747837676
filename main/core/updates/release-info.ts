import { z } from 'zod';
import { criticalReasonSchema, type CriticalReason } from '../../../shared/ipc-updates';

/**
 * The part of a release's update info (latest.yml, latest-mac.yml) the core reads: its
 * version, and `vendor.critical` when the release is marked critical (electron-builder's
 * `releaseInfo.vendor`, or added to the file on the server). The file comes from the
 * network, so it is parsed, and an unknown reason reads as not critical.
 */
const releaseSchema = z.object({
  version: z.string().min(1).max(32),
  vendor: z.object({ critical: z.unknown() }).partial().nullish(),
});

export function releaseOf(info: unknown): { version: string; critical: CriticalReason | null } {
  const parsed = releaseSchema.safeParse(info);
  if (!parsed.success) return { version: '?', critical: null };
  const critical = criticalReasonSchema.safeParse(parsed.data.vendor?.critical);
  return { version: parsed.data.version, critical: critical.success ? critical.data : null };
}
