import { describe, expect, it } from 'vitest';
import { storeFailureCode } from '../../../../main/core/store/store-failures';
import { storeClientConfig } from '../../../../main/core/store/store-pool';
import { isLoopbackHost, storeTlsRefusal } from '../../../../main/core/store/store-tls-rule';

const loopback = [
  '127.0.0.1',
  '127.1.2.3',
  '127.255.255.254',
  '::1',
  '0:0:0:0:0:0:0:1',
  '::ffff:127.0.0.1',
  'localhost',
  'LocalHost',
];
const elsewhere = [
  '128.0.0.1',
  '126.255.255.255',
  '10.0.0.5',
  '192.168.1.20',
  '::2',
  '::ffff:10.0.0.1',
  'fe80::1',
  'db.example.com',
  'localhost.example.com',
  '127.0.0.1.nip.io',
  // Spellings a resolver might read as loopback but that are not an address here.
  '127.000.000.001',
  '2130706433',
];

const address = (host: string, tls: 'off' | 'verify-full') => ({
  host,
  port: 5432,
  database: 'paydesk',
  user: 'paydesk_counter_A',
  tls,
});

describe('TLS off only on this computer', () => {
  it.each(loopback)('%s is this computer: TLS may be off', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
    expect(storeTlsRefusal({ host, tls: 'off' })).toBeNull();
  });

  it.each(elsewhere)(
    '%s may be another machine: TLS off is refused, verify-full accepted',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
      expect(storeTlsRefusal({ host, tls: 'off' })).toBe('store-tls-required');
      expect(storeTlsRefusal({ host, tls: 'verify-full' })).toBeNull();
    },
  );

  it('no connection settings are made for what the rule refuses (a hand-edited store.json)', () => {
    let failure: unknown = null;
    try {
      storeClientConfig(address('192.0.2.10', 'off'), 'secret');
    } catch (error) {
      failure = error;
    }
    expect(storeFailureCode(failure)).toBe('store-tls-required');
    expect(storeClientConfig(address('192.0.2.10', 'verify-full'), 'secret').ssl).toMatchObject({
      rejectUnauthorized: true,
      servername: '192.0.2.10',
    });
    expect(storeClientConfig(address('127.0.0.1', 'off'), 'secret').ssl).toBe(false);
  });
});
