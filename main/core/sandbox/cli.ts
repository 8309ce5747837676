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
    adminToken: options.adminToken,
    latencyMs: options.latencyMs,
    methodPageMs: options.methodPageMs,
    snippetEncoding: options.snippetEncoding,
    // The outbox on the terminal: a person testing links opens the customer's page from here.
    onOutbox: (message) =>
      process.stdout.write(`${message.channel} to ${message.recipient}: ${message.text}\n`),
  });
  const { faults } = sandbox;
  for (const failure of options.failNext)
    faults.failNext(failure.target, failure.count, failure.kind);
  for (const failure of options.failAfterCommit)
    faults.failAfterCommit(failure.target, failure.count, failure.status);
  faults.losePayAnswer(options.losePayAnswer);
  if (options.payLandsLate)
    faults.payLandsLate(options.payLandsLate.count, options.payLandsLate.delayMs);
  faults.orderReadLag(options.orderReadLag);
  for (const ending of options.payEndsAs) faults.payEndsAs(ending.count, ending.status);
  for (const order of options.plantOrder) faults.plantOrder(order);
  if (options.refuseConnections > 0) faults.refuseConnections(options.refuseConnections);
  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.stdout.write(
    `Paydesk sandbox listening on ${sandbox.url} (merchant public key ${sandbox.merchantPublicKey}; admin token ${sandbox.adminToken})\n`,
  );
};

main().catch((error: unknown) => {
  process.stderr.write(`sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
