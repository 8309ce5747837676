import { describe, expect, test } from 'vitest';
import { parseCliArgs } from '../../../../main/core/sandbox/cli-args';

describe('parseCliArgs', () => {
  test('defaults', () => {
    expect(parseCliArgs([])).toEqual({
      ok: true,
      value: {
        port: 4010,
        merchantPublicKey: undefined,
        apiPassword: undefined,
        adminToken: undefined,
        latencyMs: 0,
        failNext: [],
        failAfterCommit: [],
        losePayAnswer: 0,
        payLandsLate: undefined,
        orderReadLag: 0,
        payEndsAs: [],
        refuseConnections: 0,
        methodPageMs: 0,
        snippetEncoding: 'json',
        plantOrder: [],
      },
    });
  });

  test('every flag', () => {
    const parsed = parseCliArgs([
      '--port=0',
      '--public-key',
      'K',
      '--api-password',
      'P',
      '--latency-ms',
      '250',
      '--fail-next',
      'pay:2:503',
      '--fail-next',
      '/acs/challenge:1:hang',
      '--fail-next',
      'refund:1:reset',
      '--fail-next',
      'order:3:502',
      '--fail-after-commit',
      'pay:1:504',
      '--lose-pay-answer',
      '1',
      '--admin-token',
      'local-admin-token-0123',
      '--pay-lands-late',
      '2:3500',
      '--order-read-lag',
      '1500',
      '--pay-ends-as',
      '1:Reversed',
      '--pay-ends-as',
      '2:ClientTimedOut',
      '--refuse-connections',
      '2000',
      '--method-page-ms',
      '800',
      '--snippet-encoding',
      'html-entities',
      '--plant-order',
      '12500:SAR',
      '--plant-order',
      '1250:KWD:3',
    ]);
    expect(parsed).toEqual({
      ok: true,
      value: {
        port: 0,
        merchantPublicKey: 'K',
        apiPassword: 'P',
        adminToken: 'local-admin-token-0123',
        latencyMs: 250,
        failNext: [
          { target: 'pay', count: 2, kind: 503 },
          { target: '/acs/challenge', count: 1, kind: 'hang' },
          { target: 'refund', count: 1, kind: 'reset' },
          { target: 'order', count: 3, kind: 502 },
        ],
        failAfterCommit: [{ target: 'pay', count: 1, status: 504 }],
        losePayAnswer: 1,
        payLandsLate: { count: 2, delayMs: 3500 },
        orderReadLag: 1500,
        payEndsAs: [
          { count: 1, status: 'Reversed' },
          { count: 2, status: 'ClientTimedOut' },
        ],
        refuseConnections: 2000,
        methodPageMs: 800,
        snippetEncoding: 'html-entities',
        plantOrder: [
          { amountMinor: 12_500, currency: 'SAR', count: 1 },
          { amountMinor: 1_250, currency: 'KWD', count: 3 },
        ],
      },
    });
  });

  test('help', () => {
    expect(parseCliArgs(['-h'])).toEqual({ ok: true, value: 'help' });
  });

  test.each([
    [['--port', '70000'], '--port'],
    [['--port', 'abc'], '--port'],
    [['--latency-ms', '-5'], '--latency-ms'],
    [['--fail-next', 'pay:0:500'], '--fail-next'],
    [['--fail-next', 'pay:1:404'], '--fail-next'],
    [['--latency-ms', '60001'], '--latency-ms'],
    [['--fail-after-commit', 'pay:1:500'], '--fail-after-commit'],
    [['--pay-lands-late', '1'], '--pay-lands-late'],
    [['--pay-lands-late', '1:60001'], '--pay-lands-late'],
    [['--pay-lands-late', '0:100'], '--pay-lands-late'],
    [['--order-read-lag', '90000'], '--order-read-lag'],
    [['--pay-ends-as', '1:Voided'], '--pay-ends-as'],
    [['--refuse-connections', '-1'], '--refuse-connections'],
    [['--admin-token', 'short'], '--admin-token'],
    [['--snippet-encoding', 'base64'], '--snippet-encoding'],
    [['--plant-order', '100:XYZ'], '--plant-order'],
    [['--plant-order', '0:SAR'], '--plant-order'],
    [['--plant-order', '100:SAR:0'], '--plant-order'],
    [['--unknown'], 'unknown'],
  ])('%j is refused naming %s', (argv, name) => {
    const parsed = parseCliArgs(argv);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(name);
  });
});
