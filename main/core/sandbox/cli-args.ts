import { parseArgs } from 'node:util';
import { z } from 'zod';
import { err, ok, type Result } from '../../../shared/result';
import type { FailureKind } from './faults';
import { snippetEncodings, type SnippetEncoding } from './pages/snippet-encoding';

export interface SandboxCliOptions {
  readonly port: number;
  readonly merchantPublicKey: string | undefined;
  readonly apiPassword: string | undefined;
  readonly latencyMs: number;
  readonly failNext: readonly { target: string; count: number; kind: FailureKind }[];
  readonly losePayAnswer: number;
  readonly snippetEncoding: SnippetEncoding;
}

export const cliUsage = `Usage: npm run sandbox -- [options]
  --port N                 port on 127.0.0.1 (default 4010; 0 picks a free one)
  --public-key K           merchant public key (default: Training mode's)
  --api-password P         API password (default: Training mode's)
  --latency-ms N           delay added to every API call
  --fail-next T:N:KIND     the next N calls to T fail; T is an operation (session, initiate,
                           payer, pay, order, search, refund, cancel) or a path suffix;
                           KIND is 500, 503 or hang (repeatable)
  --lose-pay-answer N      the next N Pay calls run, then their connection drops unanswered
  --snippet-encoding E     json (default, as the gateway) or html-entities`;

const count = (min: number) => z.coerce.number().int().min(min);

const failNextSchema = z
  .string()
  .regex(/^[^:]+:\d+:(500|503|hang)$/, 'expected TARGET:COUNT:KIND, e.g. pay:1:503')
  .transform((text) => {
    const [target = '', times = '', kind = ''] = text.split(':');
    const failure: FailureKind = kind === 'hang' ? 'hang' : kind === '500' ? 500 : 503;
    return { target, count: Number(times), kind: failure };
  })
  .refine((failure) => failure.count >= 1, 'COUNT must be at least 1');

const optionsSchema = z.object({
  port: count(0).max(65535).default(4010),
  'public-key': z.string().min(1).optional(),
  'api-password': z.string().min(1).optional(),
  'latency-ms': count(0).max(600_000).default(0),
  'fail-next': z.array(failNextSchema).default([]),
  'lose-pay-answer': count(0).default(0),
  'snippet-encoding': z.enum(snippetEncodings).default('json'),
  help: z.boolean().default(false),
});

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
        port: { type: 'string' },
        'public-key': { type: 'string' },
        'api-password': { type: 'string' },
        'latency-ms': { type: 'string' },
        'fail-next': { type: 'string', multiple: true },
        'lose-pay-answer': { type: 'string' },
        'snippet-encoding': { type: 'string' },
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
    latencyMs: options['latency-ms'],
    failNext: options['fail-next'],
    losePayAnswer: options['lose-pay-answer'],
    snippetEncoding: options['snippet-encoding'],
  });
};
