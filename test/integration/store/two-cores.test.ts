import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipcContract } from '../../../shared/ipc';
import type { StoreStatus } from '../../../shared/ipc-store';
import type { Core } from '../../../main/core/app/core-adapters';
import { pgSkipReason, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import {
  codeOf,
  firstAdmin,
  testSender as sender,
  valueOf as value,
} from '../../support/test-core';
import {
  coreDirs,
  removeCoreDirs,
  startStoreCore as startCore,
  storeConnection,
  until,
} from './store-core';
import { journalSale, migratedStore } from './store-counter';

const skip = pgSkipReason();
if (skip !== null) console.warn(`store core tests skipped: ${skip}`);

let cluster: PgCluster;
let url: string;
beforeAll(async () => {
  if (skip !== null) return;
  cluster = await startPgCluster();
  url = await cluster.createDatabase('store');
  await migratedStore(url);
});
afterAll(() => {
  cluster?.destroy();
  removeCoreDirs();
});

const connection = (counterId: string) => storeConnection(url, counterId);

describe.skipIf(skip !== null)('two cores on one store', () => {
  it('configured from Settings: A’s live sale reaches B’s store History, the top bar goes offline and back', async () => {
    // A store of its own: B's first admin here is not the store's operator of the next test.
    const own = await cluster.createDatabase('store_history');
    await migratedStore(own);
    const a = await startCore();
    const b = await startCore();
    try {
      const statuses: StoreStatus[] = [];
      a.events.on('storeStatusChanged', (status) => statuses.push(status));
      const changedOnB: (string | null)[] = [];
      b.events.on('storeChanged', ({ counterId }) => changedOnB.push(counterId));

      const view = await value(a, 'storeConfigure', {
        connection: storeConnection(own, 'A'),
        password: 'not-needed-with-trust',
      });
      expect(view).toMatchObject({ passwordSet: true, connection: { counterId: 'A' } });
      expect(JSON.stringify(view)).not.toContain('not-needed-with-trust');
      expect(readFileSync(join(coreDirs[0]!, 'store.json'), 'utf8')).not.toContain(
        'not-needed-with-trust',
      );
      await value(b, 'storeConfigure', { connection: storeConnection(own, 'B'), password: null });
      await until(() => a.store.status().state === 'online' && b.store.status().state === 'online');
      // Other counters' payments are shown only to a signed-in operator: switching operators
      // on signs B's first admin in.
      expect(await codeOf(b, 'storeHistory', { filters: {}, cursor: null, limit: 20 })).toBe(
        'store-needs-operators',
      );
      await value(b, 'operatorsEnable', firstAdmin);

      const live = a.modes.all().find((mode) => mode.name === 'live')!;
      // A's shift (opened at start, queued when it joined) may announce A before the sale does.
      const sale = journalSale(live.journal, 9_900, 'op-a');
      await until(() => changedOnB.includes('A'));
      // The sale's writes replicate as they commit: the first notice may carry it in progress.
      const paidOnB = async () =>
        (await value(b, 'storeHistory', { filters: {}, cursor: null, limit: 20 })).rows.some(
          (row) => row.attemptId === sale && row.status === 'paid',
        );
      await until(paidOnB);
      const page = await value(b, 'storeHistory', { filters: {}, cursor: null, limit: 20 });
      expect(page.rows).toEqual([
        expect.objectContaining({
          attemptId: sale,
          counterId: 'A',
          status: 'paid',
          amountMinor: 9_900,
        }),
      ]);
      const otherCounter = await value(b, 'storeHistory', {
        filters: { counterId: 'B' },
        cursor: null,
        limit: 20,
      });
      expect(otherCounter.rows).toEqual([]);

      cluster.stop('fast');
      journalSale(live.journal);
      await until(() => a.store.status().state === 'offline' && a.store.status().waiting > 0);
      expect(a.store.status().offlineSince).not.toBeNull();
      expect(
        (
          await b.router.dispatch(
            ipcContract.storeHistory.channel,
            { filters: {}, cursor: null, limit: 20 },
            sender,
          )
        ).ok,
      ).toBe(false);
      cluster.start();
      await until(
        () => a.store.status().state === 'online' && a.store.status().waiting === 0,
        25_000,
      );
      expect(statuses.map((status) => status.state)).toContain('offline');
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);

  // The store thread merges each counter's operators with the store's.
  it('an operator made at one counter signs in at the other; a lockout at one applies at both; both audit chains reach the store', async () => {
    const a = await startCore();
    const b = await startCore();
    try {
      await value(a, 'storeConfigure', { connection: connection('OA'), password: null });
      await value(b, 'storeConfigure', { connection: connection('OB'), password: null });
      await a.security.operators.enable({
        operatorId: 'amal',
        displayName: 'Amal',
        secret: '739154',
      });
      const known = () =>
        b.security.operators.signIn('amal', '739154').then(
          () => true,
          () => false,
        );
      await until(known, 20_000);
      // B shows every counter's audit chain only to a signed-in admin: the store's own.
      await value(b, 'operatorsEnable', {
        operatorId: 'amal',
        displayName: 'Amal',
        secret: '739154',
      });
      for (let i = 0; i < 5; i += 1) {
        await expect(b.security.operators.signIn('amal', '000000')).rejects.toBeTruthy();
      }
      await until(
        () =>
          a.security.operators.signIn('amal', '739154').then(
            () => false,
            (error: { code?: string }) => error.code === 'operator-locked-out',
          ),
        20_000,
      );
      // Both chains reach the store, and each counter checks both (audit-across-counters
      // tests the failures): the heads are what each counter's own trail says.
      const headSeq = (core: Core) => Number(core.security.audit.headText().split(':')[0]);
      const chains = async () =>
        Object.fromEntries(
          (await value(b, 'auditVerifyStore', {})).chains.map((chain) => [chain.counterId, chain]),
        );
      await until(async () => {
        const found = await chains();
        return (
          found.OA?.head?.seq === headSeq(a) &&
          found.OB?.head?.seq === headSeq(b) &&
          found.OA.key === 'pinned'
        );
      }, 20_000);
      expect((await chains()).OB).toMatchObject({ broken: null, key: 'pinned', unsignedRows: 0 });
      expect((await chains()).OB?.rows).toBeGreaterThan(5);
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);
});
