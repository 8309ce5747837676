import { describe, expect, it } from 'vitest';
import type { Logger } from '../../../../main/core/ports';
import { createLineSink } from '../../../../main/core/logging/line-sink';
import { createLogger } from '../../../../main/core/logging/redacting-logger';
import { maskSensitiveText } from '../../../../main/core/logging/redact';

const expectNoneOf = (text: string, secrets: string[]) => {
  for (const secret of secrets) expect(text).not.toContain(secret);
};

function captured(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = createLogger(
    createLineSink(
      (line) => lines.push(line),
      () => 0,
    ),
  );
  return { logger, lines };
}

describe('maskSensitiveText', () => {
  it.each([
    ['card 5123450000000008 ok', 'card 512345******0008 ok'],
    ['amex 371449635398431', 'amex 371449*****8431'],
    ['spaced 5123 4500 0000 0008.', 'spaced 512345******0008.'],
    ['dashed 4440-0000-0990-0010', 'dashed 444000******0010'],
    ['twelve 523456789016', 'twelve 523456**9016'],
    ['nineteen 6234567890123456780', 'nineteen 623456*********6780'],
    ['twenty 12345678901234567890', 'twenty 123456**********7890'],
    ['dotted 5123.4500.0000.0008', 'dotted 512345******0008'],
    ['arabic-indic ٥١٢٣٤٥٠٠٠٠٠٠٠٠٠٨', 'arabic-indic 512345******0008'],
    ['no luhn 123456789012 stays', 'no luhn 123456789012 stays'],
    ['reference PD-20261122-9562MX stays', 'reference PD-20261122-9562MX stays'],
    ['amount 1,234,567.89 SAR stays', 'amount 1,234,567.89 SAR stays'],
    ['eleven 12345678901 stays', 'eleven 12345678901 stays'],
    ['at 2026-01-01 10:00:00 stays', 'at 2026-01-01 10:00:00 stays'],
    [
      'guid 0f3a1b2c-d4e5-4f60-8a7b-9c0d1e2f3a4b stays',
      'guid 0f3a1b2c-d4e5-4f60-8a7b-9c0d1e2f3a4b stays',
    ],
    ['Authorization: Basic Zm9vOmJhcg==', 'Authorization: Basic [redacted]'],
  ])('%s', (input, expected) => {
    expect(maskSensitiveText(input)).toBe(expected);
  });
});

describe('createLogger', () => {
  it('masks card numbers in messages and in nested field values of any type', () => {
    const { logger, lines } = captured();
    logger.warn('paying with 5123450000000008', {
      nested: { list: ['x 4440000009900010 y'], raw: 5123456789012346 },
      error: new Error('declined 4440000042200014'),
    });
    const text = lines.join('');
    expectNoneOf(text, [
      '5123450000000008',
      '4440000009900010',
      '5123456789012346',
      '4440000042200014',
    ]);
    expect(text).toContain('512345******0008');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ level: 'warn', error: { name: 'Error' } });
  });

  it('never writes credentials or CVVs, whatever the key casing', () => {
    const { logger, lines } = captured();
    logger.error('call', {
      headers: { Authorization: 'Basic c2VjcmV0OnBhc3M=' },
      apiPassword: 'hunter2-password',
      api_password: 'second-secret',
      card: { cvv: '123', cardNumber: '4111111111111111' },
    });
    const text = lines.join('');
    expectNoneOf(text, [
      'c2VjcmV0OnBhc3M=',
      'hunter2-password',
      'second-secret',
      '"123"',
      '4111111111111111',
    ]);
  });

  it('survives cycles and keeps ordinary values readable', () => {
    const { logger, lines } = captured();
    const cyclic: Record<string, unknown> = { step: 'pay', ms: 42 };
    cyclic.self = cyclic;
    logger.info('done', cyclic);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      message: 'done',
      step: 'pay',
      ms: 42,
      self: '[…]',
    });
  });
});
