import { z } from 'zod';
import { currencyFiguresSchema, reportViewSchema } from './ipc-shifts';
import { storeAuditChainSchema } from './ipc-store-audit';

/**
 * The store end of day: every counter's Z reports closed on one day, summed per
 * currency, with the counters whose shift is still open and those the store has not heard
 * from. Spread into shared/ipc.ts like the other store channels.
 */

const text = (max: number) => z.string().max(max);
const counter = { counterId: text(32), counterName: text(64) };

export const storeDaySchema = z.object({
  /** The local day's bounds, epoch ms: [fromMs, toMs). */
  fromMs: z.number().int(),
  toMs: z.number().int(),
  /** Counters registered in the store. */
  counters: z.number().int().nonnegative(),
  currencies: z.array(currencyFiguresSchema),
  zReports: z.array(
    z.object({
      ...counter,
      zNumber: z.number().int().positive(),
      closedAt: z.number().int(),
      closedBy: text(32).nullable(),
    }),
  ),
  /** Open shifts with money outcomes from before the day ended: in no Z report yet. */
  openShifts: z.array(
    z.object({ ...counter, openedAt: z.number().int(), entries: z.number().int().positive() }),
  ),
  /** Counters silent since the day ended (or for a while, today): their Z may be on its way. */
  silent: z.array(z.object({ ...counter, lastSyncAt: z.number().int().nullable() })),
  /**
   * Every counter's audit chain at the day's end: its head (the newest row
   * written before the day ended) and whether the chain up to it verified, so a manager can
   * later show the trail was not rewritten after the day.
   */
  auditChains: z.array(storeAuditChainSchema),
});
export type StoreDay = z.infer<typeof storeDaySchema>;

/** A local calendar day, as the date field gives it. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const storeDayChannels = {
  storeEndOfDay: {
    channel: 'store:end-of-day',
    request: z.strictObject({ date: day }),
    response: z.object({ day: storeDaySchema, view: reportViewSchema }),
  },
  storeEndOfDaySave: {
    channel: 'store:end-of-day-save',
    /** CSV with the report's words; `path` null when the save dialog was dismissed. */
    request: z.strictObject({ date: day }),
    response: z.object({ path: text(1000).nullable() }),
  },
} as const;
