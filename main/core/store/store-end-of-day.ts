import { z } from 'zod';
import { currencyFiguresSchema, type CurrencyFigures } from '../../../shared/ipc-shifts';
import type { StoreDay } from '../../../shared/ipc-store-day';
import type { StoreQueryable } from './store-pool';

/**
 * How long a counter may stay silent before the end of day names it: twice the replicator's
 * heartbeat (outbox-replicator.ts), so an idle counter that is up is never named.
 */
export const silentAfterMs = 120_000;

const zRow = z.object({
  counter_id: z.string(),
  name: z.string(),
  z_number: z.coerce.number().int(),
  closed_at: z.coerce.number().int(),
  closed_by: z.string().nullable(),
  currencies: z.array(currencyFiguresSchema),
});
const openRow = z.object({
  counter_id: z.string(),
  name: z.string(),
  opened_at: z.coerce.number().int(),
  entries: z.coerce.number().int(),
});
const silentRow = z.object({
  counter_id: z.string(),
  name: z.string(),
  last_sync_at: z.coerce.number().int().nullable(),
});

/** Adds two figures of one currency: every count and total, however deep. */
function added(a: unknown, b: unknown): unknown {
  if (typeof a === 'number' && typeof b === 'number') return a + b;
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    return Object.fromEntries(
      Object.entries(a).map(([key, value]) => [
        key,
        added(value, (b as Record<string, unknown>)[key]),
      ]),
    );
  }
  return a;
}

/** Sums Z reports' per-currency figures into one list per currency, in currency order. */
export function sumCurrencies(reports: readonly (readonly CurrencyFigures[])[]): CurrencyFigures[] {
  const byCurrency = new Map<string, CurrencyFigures>();
  for (const figures of reports.flat()) {
    const soFar = byCurrency.get(figures.currency);
    byCurrency.set(
      figures.currency,
      soFar === undefined ? figures : currencyFiguresSchema.parse(added(soFar, figures)),
    );
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/**
 * The store end of day for the local day [fromMs, toMs): the Z reports every counter closed
 * in it (a Z counts on the day it was closed, as on the counter), their figures summed per
 * currency; the open shifts holding money from before the day ended; and the counters the
 * store has not heard from since the day ended (or, for today, for `silentAfterMs`). Read on
 * the store thread, each query on an index.
 */
export async function readStoreDay(
  db: StoreQueryable,
  range: { fromMs: number; toMs: number },
  now: number,
): Promise<Omit<StoreDay, 'auditChains'>> {
  const zReports = await db.query(
    `SELECT z.counter_id, c.name, z.z_number, z.closed_at, z.closed_by,
       z.report -> 'currencies' AS currencies
     FROM store_z_reports z JOIN counters c USING (counter_id)
     WHERE z.closed_at >= $1 AND z.closed_at < $2
     ORDER BY z.counter_id, z.z_number`,
    [range.fromMs, range.toMs],
  );
  // Every counter always has an open shift (a Z opens the next one): the ones worth naming
  // hold money outcomes from before the day ended that no Z has counted yet.
  const open = await db.query(
    `SELECT s.counter_id, c.name, s.opened_at, count(*) AS entries
     FROM store_shifts s JOIN counters c USING (counter_id)
       JOIN store_ledger l ON l.counter_id = s.counter_id AND l.entry_id > s.opened_after_entry
     WHERE s.closed_at IS NULL AND s.opened_at < $1 AND l.at < $1
     GROUP BY s.counter_id, c.name, s.opened_at
     ORDER BY s.counter_id`,
    [range.toMs],
  );
  const cutoff = Math.min(range.toMs, now - silentAfterMs);
  const silent = await db.query(
    `SELECT counter_id, name, (extract(epoch FROM last_sync_at) * 1000)::bigint AS last_sync_at
     FROM counters
     WHERE last_sync_at IS NULL OR last_sync_at < to_timestamp($1::float8 / 1000)
     ORDER BY counter_id`,
    [cutoff],
  );
  const counters = await db.query<{ n: string }>('SELECT count(*) AS n FROM counters');
  const zs = zReports.rows.map((row) => zRow.parse(row));
  return {
    fromMs: range.fromMs,
    toMs: range.toMs,
    counters: Number(counters.rows[0]?.n ?? 0),
    currencies: sumCurrencies(zs.map((row) => row.currencies)),
    zReports: zs.map((row) => ({
      counterId: row.counter_id,
      counterName: row.name,
      zNumber: row.z_number,
      closedAt: row.closed_at,
      closedBy: row.closed_by,
    })),
    openShifts: open.rows
      .map((row) => openRow.parse(row))
      .map((row) => ({
        counterId: row.counter_id,
        counterName: row.name,
        openedAt: row.opened_at,
        entries: row.entries,
      })),
    silent: silent.rows
      .map((row) => silentRow.parse(row))
      .map((row) => ({
        counterId: row.counter_id,
        counterName: row.name,
        lastSyncAt: row.last_sync_at,
      })),
  };
}
