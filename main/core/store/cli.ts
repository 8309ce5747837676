import { runStoreCli, storeCliUsage, StoreUsageError } from './store-cli';

/** `npm run store -- migrate|add-counter|status` (store-cli.ts; docs/store.md). */
runStoreCli(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`)).catch(
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`store: ${message}\n`);
    if (error instanceof StoreUsageError) process.stderr.write(`${storeCliUsage}\n`);
    process.exitCode = error instanceof StoreUsageError ? 2 : 1;
  },
);
