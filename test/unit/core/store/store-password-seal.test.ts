import { describe, expect, it } from 'vitest';
import {
  sealStorePassword,
  unsealStorePassword,
  type StoreServer,
} from '../../../../main/core/store/store-password-seal';
import { createMemoryCipher } from '../../../../main/preview/memory-cipher';

const server: StoreServer = {
  host: 'db.shop.example',
  port: 5432,
  database: 'paydesk',
  user: 'paydesk_counter_A',
  tls: 'verify-full',
};

describe('a store password sealed with its server', () => {
  it('opens for the server it was saved for (a host differing only in case is that server)', async () => {
    const cipher = createMemoryCipher();
    const sealed = await sealStorePassword(cipher, 'pw-1', server);
    expect(Buffer.from(sealed, 'base64').includes('pw-1')).toBe(false);
    for (const same of [server, { ...server, host: 'DB.Shop.Example' }]) {
      expect(await unsealStorePassword(cipher, sealed, same)).toEqual({
        kind: 'bound',
        password: 'pw-1',
      });
    }
  });

  it.each([
    ['host', { host: 'db2.shop.example' }],
    ['port', { port: 5433 }],
    ['database', { database: 'paydesk2' }],
    ['user', { user: 'paydesk_counter_B' }],
    ['TLS mode', { tls: 'off' as const }],
    ['certificate authority', { caPem: '-----BEGIN CERTIFICATE-----' }],
  ])('stays shut for another %s', async (_what, change) => {
    const cipher = createMemoryCipher();
    const sealed = await sealStorePassword(cipher, 'pw-1', server);
    expect(await unsealStorePassword(cipher, sealed, { ...server, ...change })).toEqual({
      kind: 'other-server',
    });
  });

  it('a password saved before binding has no known server; one sealed by another OS key is unreadable', async () => {
    const cipher = createMemoryCipher();
    const unbound = await cipher.encrypt('pw-1');
    expect(await unsealStorePassword(cipher, unbound, server)).toEqual({ kind: 'other-server' });
    const elsewhere = await sealStorePassword(createMemoryCipher(), 'pw-1', server);
    expect(await unsealStorePassword(cipher, elsewhere, server)).toEqual({ kind: 'unreadable' });
  });
});
