import { mkdirSync } from 'node:fs';
import { launchBrowserHost } from './browser-host';
import { parsePreviewArgs, previewUsage } from './preview-args';

/**
 * `npm run preview`: Paydesk on a machine without the Electron binary. The real core and
 * the Training sandbox run in this Node process; the built renderer opens in Chromium (the
 * one the tests find), the issuer's verification page in a second window. It stops when the
 * window closes or on SIGINT/SIGTERM, and exits 0.
 */
const main = async (): Promise<void> => {
  const parsed = parsePreviewArgs(process.argv.slice(2));
  if (!parsed.ok) {
    process.stderr.write(`preview: ${parsed.error}\n${previewUsage}\n`);
    process.exitCode = 2;
    return;
  }
  if (parsed.value === 'help') {
    process.stdout.write(`${previewUsage}\n`);
    return;
  }
  const options = parsed.value;
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const host = await launchBrowserHost({
    headless: options.headless,
    language: options.language,
    environment: 'training',
    dataDir: options.dataDir,
    browserArgs:
      options.cdpPort === undefined
        ? []
        : [`--remote-debugging-port=${options.cdpPort}`, '--remote-debugging-address=127.0.0.1'],
  });
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void host.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // A person closing the window (or the whole browser) ends the preview.
  host.page.once('close', stop);
  host.browser.once('disconnected', stop);
  process.stdout.write(
    `Paydesk preview (Training mode) at ${host.origin}, journals in ${host.dataDir}. ` +
      'Close the window or press Ctrl+C to stop.\n' +
      // The Training gateway's own controls (faults, the SMS and email outbox; docs/sandbox.md
      // "The admin surface"): a fresh token each start, for this machine's loopback only.
      `Training gateway at ${host.sandboxUrl}, admin token ${host.sandbox.adminToken}: ` +
      `curl -H 'Authorization: Bearer ${host.sandbox.adminToken}' ` +
      `${host.sandboxUrl}/__sandbox/outbox\n`,
  );
};

main().catch((error: unknown) => {
  process.stderr.write(`preview: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
