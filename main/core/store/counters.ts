import { counterIdSchema } from './store-connection';
import type { StoreQueryable } from './store-pool';

export interface CounterRegistration {
  counterId: string;
  name: string;
}

/**
 * Registers a counter in the store (or renames it). A counter's records are refused by the
 * store until it is registered, so a mistyped id cannot scatter sales under a new name. The
 * store writes the row (store step 13): a counter's role registers only itself, IT's login
 * (add-counter) any counter.
 */
export async function registerCounter(
  db: StoreQueryable,
  counter: CounterRegistration,
): Promise<void> {
  const counterId = counterIdSchema.parse(counter.counterId);
  await db.query('SELECT paydesk_register_counter($1, $2)', [counterId, counter.name]);
}

/**
 * Says which merchant account a counter works for (store step 15): its customers and saved
 * cards are that account's. IT's login only (the store's owner): a counter cannot choose it.
 */
export async function bindCounterMerchant(
  db: StoreQueryable,
  counterId: string,
  merchantPublicKey: string,
): Promise<void> {
  await db.query('SELECT paydesk_bind_counter_merchant($1, $2)', [
    counterIdSchema.parse(counterId),
    merchantPublicKey,
  ]);
}

export interface CounterState {
  counterId: string;
  name: string;
  lastSyncAt: number | null;
  attempts: number;
}

/** Every registered counter with its last sync and how many attempts the store holds. */
export async function listCounters(db: StoreQueryable): Promise<CounterState[]> {
  const result = await db.query<{
    counter_id: string;
    name: string;
    last_sync_at: Date | null;
    attempts: string;
  }>(
    `SELECT c.counter_id, c.name, c.last_sync_at,
       (SELECT count(*) FROM store_attempts a WHERE a.counter_id = c.counter_id) AS attempts
     FROM counters c ORDER BY c.counter_id`,
  );
  return result.rows.map((row) => ({
    counterId: row.counter_id,
    name: row.name,
    lastSyncAt: row.last_sync_at === null ? null : row.last_sync_at.getTime(),
    attempts: Number(row.attempts),
  }));
}
