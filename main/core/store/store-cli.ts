import { parseArgs } from 'node:util';
import pg from 'pg';
import { z } from 'zod';
import { bindCounterMerchant, listCounters, registerCounter } from './counters';
import { createCounterRole } from './security/counter-roles';
import { counterIdSchema } from './store-connection';
import { latestStoreVersion, migrateStore, storeVersions } from './migrate-store';
import { storeTimeouts } from './store-pool';
import { ScramOnlyClient } from './scram-only-client';

/**
 * The commands of `npm run store -- migrate|add-counter|status` for IT, from a source checkout
 * (docs/store.md). The server is `--url postgres://user@host:port/db?sslmode=verify-full`,
 * or the standard PG* environment variables (PGHOST, PGUSER, PGPASSWORD, ...), so a password
 * need not appear on a command line.
 */
export const storeCliUsage = `Usage: npm run store -- <command> [--url URL]
  migrate                          create or bring the store schema up to date (safe to re-run)
  add-counter --id ID --name NAME  register a counter (ID: letters, digits, - and _, at most 32);
                                   with PAYDESK_COUNTER_PASSWORD set, also create its own role;
    [--merchant PUBLIC_KEY]        with --merchant, the merchant account whose customers and
                                   saved cards it shares (re-run to change it)
  status                           schema version and every counter's last sync
Without --url, node-postgres reads PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD.`;

const argsSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('migrate') }),
  z.object({
    command: z.literal('add-counter'),
    id: counterIdSchema,
    name: z.string().trim().min(1).max(64),
    merchant: z.string().trim().min(1).max(256).regex(/^\S+$/).optional(),
  }),
  z.object({ command: z.literal('status') }),
]);

/** Runs one command; output lines go to `out`. Throws StoreUsageError for bad arguments. */
export async function runStoreCli(argv: string[], out: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      id: { type: 'string' },
      name: { type: 'string' },
      merchant: { type: 'string' },
    },
  });
  const parsed = argsSchema.safeParse({
    command: positionals[0],
    id: values.id,
    name: values.name,
    merchant: values.merchant,
  });
  if (!parsed.success) {
    throw new StoreUsageError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
    );
  }
  const pool = new pg.Pool({
    connectionString: values.url,
    max: 1,
    connectionTimeoutMillis: storeTimeouts.connectMs,
    statement_timeout: 10 * 60_000, // building indexes on a big store takes a while
    Client: ScramOnlyClient,
  });
  try {
    const args = parsed.data;
    if (args.command === 'migrate') {
      const client = await pool.connect();
      try {
        const applied = await migrateStore(client);
        out(
          applied.length === 0
            ? `store schema already at version ${latestStoreVersion}`
            : `applied store schema versions ${applied.join(', ')}`,
        );
      } finally {
        client.release();
      }
    } else if (args.command === 'add-counter') {
      await registerCounter(pool, { counterId: args.id, name: args.name });
      out(`counter ${args.id} registered as "${args.name}"`);
      // From the environment, so the password is not on a command line or in shell history.
      const password = process.env.PAYDESK_COUNTER_PASSWORD;
      if (password !== undefined && password !== '') {
        const role = await createCounterRole(pool, args.id, password);
        out(`the counter connects as role ${role}`);
      }
      if (args.merchant !== undefined) {
        await bindCounterMerchant(pool, args.id, args.merchant);
        out(`counter ${args.id} shares the customers and saved cards of merchant ${args.merchant}`);
      }
    } else {
      const versions = await storeVersions(pool);
      const current = versions.length === 0 ? 'none (run migrate)' : String(Math.max(...versions));
      out(`store schema: ${current}; this Paydesk knows ${latestStoreVersion}`);
      if (versions.length === 0) return;
      for (const counter of await listCounters(pool)) {
        const synced =
          counter.lastSyncAt === null ? 'never' : new Date(counter.lastSyncAt).toISOString();
        out(
          `${counter.counterId}\t${counter.name}\tlast sync ${synced}\t${counter.attempts} attempts`,
        );
      }
    }
  } finally {
    await pool.end();
  }
}

export class StoreUsageError extends Error {}
