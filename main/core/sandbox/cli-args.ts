import { parseArgs } from 'node:util';
import { z } from 'zod';
import { err, ok, type Result } from '../../../shared/result';
import {
  MAX_FAULT_DELAY_MS,
  payEndings,
  type AfterCommitStatus,
  type FailureKind,
  type PayEnding,
} from './faults';
import { snippetEncodings, type SnippetEncoding } from './pages/snippet-encoding';
import { currencies } from '../../../shared/money/currencies';
import type { PlantedOrder } from './planted-order';

export interface SandboxCliOptions {
  readonly port: number;
  readonly merchantPublicKey: string | undefined;
  readonly apiPassword: string | undefined;
  readonly adminToken: string | undefined;
  readonly latencyMs: number;
  readonly failNext: readonly { target: string; count: number; kind: FailureKind }[];
  readonly failAfterCommit: readonly {
    target: string;
    count: number;
    status: AfterCommitStatus;
  }[];
  readonly losePayAnswer: number;
  readonly payLandsLate: { count: number; delayMs: number } | undefined;
  readonly orderReadLag: number;
  readonly payEndsAs: readonly { count: number; status: PayEnding }[];
  readonly refuseConnections: number;
  readonly methodPageMs: number;
  readonly snippetEncoding: SnippetEncoding;
  readonly plantOrder: readonly PlantedOrder[];
}

export const cliUsage = `Usage: npm run sandbox -- [options]
  --port N                    port on 127.0.0.1 (default 4010; 0 picks a free one)
  --public-key K              merchant public key (default: Training mode's)
  --api-password P            API password (default: Training mode's)
  --admin-token T             Bearer credential of /__sandbox/… (default: random, printed)
  --latency-ms N              delay added to every API call (at most 60000)
  --fail-next T:N:KIND        the next N calls to T fail before they run; T is an operation
                              (session, initiate, payer, pay, order, search, refund, cancel,
                              capture) or a path suffix; KIND is 500, 502, 503, 504, hang
                              or reset (repeatable)
  --fail-after-commit T:N:S   the next N calls to T run in full, then answer S (502 or 504)
                              (repeatable)
  --lose-pay-answer N         the next N Pay calls run, then their connection drops unanswered
  --pay-lands-late N:MS       the next N Pay calls are accepted but land MS ms later
  --order-read-lag MS         Get order and Search show orders as they were MS ms earlier
  --pay-ends-as N:STATUS      the next N Pay calls end Reversed, ClientTimedOut or
                              ServerTimedOut (repeatable)
  --refuse-connections MS     refuse connections for MS ms after start, then listen again
  --method-page-ms MS         the 3-D Secure method page answers after MS ms (at most 60000)
  --snippet-encoding E        json (default, as the gateway) or html-entities
  --plant-order MINOR:CUR[:N]  N paid orders (default 1) of MINOR minor units in CUR that no
                              app journalled, created at start (repeatable)`;

const count = (min: number) => z.coerce.number().int().min(min);
const delay = count(0).max(MAX_FAULT_DELAY_MS);

// The target may itself hold ':' only if it is a path; the count and kind are the last two.
const targetCountValue = <T>(example: string, values: Record<string, T>) =>
  z.string().transform((text, context) => {
    const match = /^(.+):(\d+):([^:]+)$/.exec(text);
    const value = match?.[3] === undefined ? undefined : values[match[3]];
    if (!match?.[1] || value === undefined || Number(match[2]) < 1) {
      context.addIssue({ code: 'custom', message: `expected ${example}, COUNT at least 1` });
      return z.NEVER;
    }
    return { target: match[1], count: Number(match[2]), value };
  });

const failureKindsByText: Record<string, FailureKind> = {
  '500': 500,
  '502': 502,
  '503': 503,
  '504': 504,
  hang: 'hang',
  reset: 'reset',
};
const afterCommitByText: Record<string, AfterCommitStatus> = { '502': 502, '504': 504 };

const latePaySchema = z.string().transform((text, context) => {
  const match = /^(\d+):(\d+)$/.exec(text);
  const times = Number(match?.[1]);
  const ms = Number(match?.[2]);
  if (!match || times < 1 || ms > MAX_FAULT_DELAY_MS) {
    context.addIssue({
      code: 'custom',
      message: `expected COUNT:MS, e.g. 1:3500 (COUNT at least 1, MS at most ${MAX_FAULT_DELAY_MS})`,
    });
    return z.NEVER;
  }
  return { count: times, delayMs: ms };
});

const payEndingSchema = z.string().transform((text, context) => {
  const match = /^(\d+):(\w+)$/.exec(text);
  const status = payEndings.find((ending) => ending === match?.[2]);
  if (!match || Number(match[1]) < 1 || status === undefined) {
    context.addIssue({
      code: 'custom',
      message: `expected COUNT:STATUS, STATUS one of ${payEndings.join(', ')}`,
    });
    return z.NEVER;
  }
  return { count: Number(match[1]), status };
});

const plantSchema = z.string().transform((text, context): PlantedOrder => {
  const match = /^(\d+):([A-Z]{3})(?::(\d+))?$/.exec(text);
  const currency = currencies.find((code) => code === match?.[2]);
  const times = Number(match?.[3] ?? 1);
  if (!match || Number(match[1]) < 1 || currency === undefined || times < 1 || times > 10_000) {
    context.addIssue({
      code: 'custom',
      message: `expected MINOR:CURRENCY[:COUNT], e.g. 12500:SAR:3 (CURRENCY one of ${currencies.join(', ')}, COUNT 1-10000)`,
    });
    return z.NEVER;
  }
  return { amountMinor: Number(match[1]), currency, count: times };
});

const optionsSchema = z.object({
  port: count(0).max(65535).default(4010),
  'public-key': z.string().min(1).optional(),
  'api-password': z.string().min(1).optional(),
  'admin-token': z
    .string()
    .regex(/^\S{16,}$/, 'at least 16 characters, no spaces')
    .optional(),
  'latency-ms': delay.default(0),
  'fail-next': z
    .array(targetCountValue('TARGET:COUNT:KIND, e.g. pay:1:503', failureKindsByText))
    .default([]),
  'fail-after-commit': z
    .array(targetCountValue('TARGET:COUNT:STATUS, e.g. pay:1:504', afterCommitByText))
    .default([]),
  'lose-pay-answer': count(0).default(0),
  'pay-lands-late': latePaySchema.optional(),
  'order-read-lag': delay.default(0),
  'pay-ends-as': z.array(payEndingSchema).default([]),
  'refuse-connections': delay.default(0),
  'method-page-ms': delay.default(0),
  'snippet-encoding': z.enum(snippetEncodings).default('json'),
  'plant-order': z.array(plantSchema).default([]),
  help: z.boolean().default(false),
});

const text = { type: 'string' } as const;
const repeatable = { type: 'string', multiple: true } as const;

/** The CLI's flags, validated; 'help' when asked for usage, or the first problem. */
export const parseCliArgs = (
  argv: readonly string[],
): Result<SandboxCliOptions | 'help', string> => {
  let values: Record<string, unknown>;
  try {
    values = parseArgs({
      args: [...argv],
      strict: true,
      options: {
        port: text,
        'public-key': text,
        'api-password': text,
        'admin-token': text,
        'latency-ms': text,
        'fail-next': repeatable,
        'fail-after-commit': repeatable,
        'lose-pay-answer': text,
        'pay-lands-late': text,
        'order-read-lag': text,
        'pay-ends-as': repeatable,
        'refuse-connections': text,
        'method-page-ms': text,
        'snippet-encoding': text,
        'plant-order': repeatable,
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    return err(error instanceof Error ? error.message : String(error));
  }
  const parsed = optionsSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return err(`--${String(issue?.path[0] ?? 'option')}: ${issue?.message ?? 'invalid'}`);
  }
  const options = parsed.data;
  if (options.help) return ok('help');
  return ok({
    port: options.port,
    merchantPublicKey: options['public-key'],
    apiPassword: options['api-password'],
    adminToken: options['admin-token'],
    latencyMs: options['latency-ms'],
    failNext: options['fail-next'].map(({ target, count: times, value }) => ({
      target,
      count: times,
      kind: value,
    })),
    failAfterCommit: options['fail-after-commit'].map(({ target, count: times, value }) => ({
      target,
      count: times,
      status: value,
    })),
    losePayAnswer: options['lose-pay-answer'],
    payLandsLate: options['pay-lands-late'],
    orderReadLag: options['order-read-lag'],
    payEndsAs: options['pay-ends-as'],
    refuseConnections: options['refuse-connections'],
    methodPageMs: options['method-page-ms'],
    snippetEncoding: options['snippet-encoding'],
    plantOrder: options['plant-order'],
  });
};
