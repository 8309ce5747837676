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
        latencyMs: 0,
        failNext: [],
        losePayAnswer: 0,
        snippetEncoding: 'json',
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
      '--lose-pay-answer',
      '1',
      '--snippet-encoding',
      'html-entities',
    ]);
    expect(parsed).toEqual({
      ok: true,
      value: {
        port: 0,
        merchantPublicKey: 'K',
        apiPassword: 'P',
        latencyMs: 250,
        failNext: [
          { target: 'pay', count: 2, kind: 503 },
          { target: '/acs/challenge', count: 1, kind: 'hang' },
        ],
        losePayAnswer: 1,
        snippetEncoding: 'html-entities',
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
    [['--snippet-encoding', 'base64'], '--snippet-encoding'],
    [['--unknown'], 'unknown'],
  ])('%j is refused naming %s', (argv, name) => {
    const parsed = parseCliArgs(argv);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(name);
  });
});
