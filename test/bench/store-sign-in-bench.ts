import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { signInAtStore, writeOperatorAtStore } from '../../main/core/store/operators/store-sign-in';
import { registerCounter } from '../../main/core/store/counters';
import { migratedStore } from '../integration/store/store-counter';
import { startPgCluster } from '../support/pg-cluster';
import { percentile } from './journal-bench';

/**
 * A sign-in checked and counted by the store (bcrypt in PostgreSQL, the operator's row lock,
 * a session token): the median of 30 right tries, after 3 that warm the connection. What a
 * cashier waits for at the lock screen in store mode, on top of the round trip.
 */
export async function storeSignInBench(): Promise<number> {
  const cluster = await startPgCluster();
  try {
    const url = await cluster.createDatabase('sign_in');
    await migratedStore(url);
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await registerCounter(pool, { counterId: 'bench', name: 'Bench' });
      await writeOperatorAtStore(pool, {
        counterId: 'bench',
        token: null,
        operatorId: 'hala',
        create: true,
        displayName: 'Hala',
        role: 'admin',
        secret: '905112',
        disabled: null,
        unlock: false,
      });
      const times: number[] = [];
      for (let i = 0; i < 33; i += 1) {
        const started = performance.now();
        const answer = await signInAtStore(pool, {
          counterId: 'bench',
          operatorId: 'hala',
          secret: '905112',
          purpose: 'sign-in',
        });
        if (answer.outcome !== 'ok') throw new Error(`store sign-in bench: ${answer.outcome}`);
        if (i >= 3) times.push(performance.now() - started);
      }
      return percentile(times, 50);
    } finally {
      await pool.end();
    }
  } finally {
    cluster.destroy();
  }
}
