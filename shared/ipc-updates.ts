import { z } from 'zod';

const text = (max: number) => z.string().max(max);
const at = z.number().int().nonnegative();

/**
 * Why a restart to update must wait: a payment, refund, capture or release still running
 * (`payment`), one sent without a known answer (`in-doubt`), the customer's verification
 * window open (`challenge`), a Z close running (`z-close`), a payment link being sent or
 * cancelled (`link`).
 */
export const updateBusySchema = z.enum(['payment', 'in-doubt', 'challenge', 'z-close', 'link']);
export type UpdateBusy = z.infer<typeof updateBusySchema>;

/**
 * What went wrong with the last check or download: the update server could not be reached
 * (`offline`), the download did not match its checksum or broke off (`download-broken`), no
 * room on the disk (`disk-full`), the update is not signed like the installed app
 * (`signature-refused`: it is never installed), anything else (`failed`).
 */
export const updateErrorSchema = z.enum([
  'offline',
  'download-broken',
  'disk-full',
  'signature-refused',
  'failed',
]);
export type UpdateError = z.infer<typeof updateErrorSchema>;

/** Why a release is marked critical (latest.yml's `vendor.critical`); its words are ours. */
export const criticalReasonSchema = z.enum(['security', 'payments']);
export type CriticalReason = z.infer<typeof criticalReasonSchema>;

/**
 * `off`: this build has no updater (a development run, the browser preview); `idle`: no
 * update found yet (none looked for, or the look failed); `checking`; `up-to-date`; `available`: a newer version was found and is not
 * being downloaded (the counter is held, or its download failed and waits for the next
 * check); `downloading`; `ready`: downloaded, installs when Paydesk quits or on Restart to
 * update.
 */
export const updatePhaseSchema = z.enum([
  'off',
  'idle',
  'checking',
  'up-to-date',
  'available',
  'downloading',
  'ready',
]);
export type UpdatePhase = z.infer<typeof updatePhaseSchema>;

export const updateStatusSchema = z.object({
  /** The running version. */
  version: text(32),
  /** The update channel (`latest`). */
  channel: text(32),
  phase: updatePhaseSchema,
  lastCheckAt: at.nullable(),
  lastError: z.object({ code: updateErrorSchema, at }).nullable(),
  /** The newer version found, with its download share while it downloads. */
  available: z
    .object({
      version: text(32),
      critical: criticalReasonSchema.nullable(),
      percent: z.number().min(0).max(100).nullable(),
    })
    .nullable(),
  /** The merchant holds this counter on its version: nothing is downloaded or installed. */
  held: z.boolean(),
  /** What keeps a restart from happening now; empty on an idle counter. */
  busy: z.array(updateBusySchema).max(5),
  /** A critical update is ready and the counter is idle: the screens ask now, saying why. */
  ask: z.boolean(),
});
export type UpdateStatus = z.infer<typeof updateStatusSchema>;

const empty = z.strictObject({});

export const updateChannels = {
  updateStatus: { channel: 'update:status', request: empty, response: updateStatusSchema },
  /**
   * A supervisor's Restart to update: installs the downloaded update at once if the counter
   * is idle; otherwise nothing happens and `busy` says what it waits for.
   */
  updateRestart: {
    channel: 'update:restart',
    request: empty,
    response: z.object({ restarting: z.boolean(), busy: z.array(updateBusySchema).max(5) }),
  },
} as const;

export const updateEvents = {
  updateStatusChanged: { channel: 'update:status-changed', payload: updateStatusSchema },
} as const;
