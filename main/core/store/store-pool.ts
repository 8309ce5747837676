import pg from 'pg';
import type { QueryResult, QueryResultRow } from 'pg';
import type { Logger } from '../ports';
import type { StoreConnection } from './store-connection';
import { StoreUnavailableError } from './store-failures';
import { ScramOnlyClient } from './scram-only-client';
import { storeTlsRefusal } from './store-tls-rule';
import { trustedCertificates } from '../platform/trust-store';

/** What the store's queries need: a pool, or one client inside a transaction. */
export interface StoreQueryable {
  query<R extends QueryResultRow>(text: string, values?: unknown[]): Promise<QueryResult<R>>;
}

/** Bounds every wait, so a dead server turns into "offline" quickly, never a hung sale. */
export const storeTimeouts = {
  connectMs: 3_000,
  statementMs: 5_000,
  idleMs: 30_000,
};

type ServerAddress = Pick<StoreConnection, 'host' | 'port' | 'database' | 'user' | 'tls' | 'caPem'>;

/**
 * Connection settings every store connection shares. `verify-full` is Node's TLS with
 * certificate and host-name checks on (rejectUnauthorized, default checkServerIdentity),
 * trusting the CA pasted in Settings and the system's (the OS store with Node's list), the
 * same list the gateway connections trust.
 * `trusted` is that system list; tests hand their own private CA in its place.
 * Refuses (`store-tls-required`) what the TLS rule forbids, whatever store.json says: this
 * is the one way to a connection, so a hand-edited file cannot get past it.
 */
export function storeClientConfig(
  connection: ServerAddress,
  password: string | null,
  trusted: readonly string[] = trustedCertificates(),
): pg.ClientConfig {
  const refusal = storeTlsRefusal(connection);
  if (refusal !== null) {
    throw new StoreUnavailableError(refusal, 'TLS (verify-full) is required off this computer');
  }
  return {
    host: connection.host,
    port: connection.port,
    database: connection.database,
    user: connection.user,
    password: password ?? undefined,
    ssl:
      connection.tls === 'verify-full'
        ? {
            rejectUnauthorized: true,
            servername: connection.host,
            ca: [...(connection.caPem ? [connection.caPem] : []), ...trusted],
          }
        : false,
    connectionTimeoutMillis: storeTimeouts.connectMs,
    statement_timeout: storeTimeouts.statementMs,
    query_timeout: storeTimeouts.statementMs + 1_000,
    application_name: 'paydesk',
  };
}

/**
 * The one pool of this install (docs/store.md), of SCRAM-only clients. An idle connection
 * the server drops emits an error on the pool: logged, never thrown, since the next query
 * opens a new connection.
 */
export function createStorePool(
  connection: ServerAddress,
  password: string | null,
  logger: Logger,
  max = 4,
  trusted?: readonly string[],
): pg.Pool {
  const pool = new pg.Pool({
    ...storeClientConfig(connection, password, trusted),
    max,
    idleTimeoutMillis: storeTimeouts.idleMs,
    Client: ScramOnlyClient,
  });
  pool.on('error', (error) => logger.warn('store connection dropped', { error: error.message }));
  return pool;
}

/**
 * Runs `work` in one transaction on a client of `pool`: committed if it returns, rolled back
 * if it throws. While the client is out of the pool its connection may die (server stopped,
 * network cut): that error surfaces as the failing query, never as an uncaught event.
 */
export async function inStoreTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  const ignore = () => undefined;
  client.on('error', ignore);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.off('error', ignore);
    client.release();
  }
}
