import { parseCliArgs, cliUsage } from './cli-args';
import { startSandbox } from './index';

/**
 * `npm run sandbox -- --port 4010 …`: the simulated gateway on its own. Prints one line with
 * the base URL once it accepts calls, and stops cleanly on SIGINT/SIGTERM.
 */
const main = async (): Promise<void> => {
  const parsed = parseCliArgs(process.argv.slice(2));
  if (!parsed.ok) {
    process.stderr.write(`sandbox: ${parsed.error}\n${cliUsage}\n`);
    process.exitCode = 2;
    return;
  }
  if (parsed.value === 'help') {
    process.stdout.write(`${cliUsage}\n`);
    return;
  }
  const options = parsed.value;
  const sandbox = await startSandbox({
    port: options.port,
    merchantPublicKey: options.merchantPublicKey,
    apiPassword: options.apiPassword,
    latencyMs: options.latencyMs,
    snippetEncoding: options.snippetEncoding,
  });
  for (const failure of options.failNext)
    sandbox.faults.failNext(failure.target, failure.count, failure.kind);
  sandbox.faults.losePayAnswer(options.losePayAnswer);
  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.stdout.write(
    `Paydesk sandbox listening on ${sandbox.url} (merchant public key ${sandbox.merchantPublicKey})\n`,
  );
};

main().catch((error: unknown) => {
  process.stderr.write(`sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
