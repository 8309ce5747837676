import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { afterEach, expect, test } from 'vitest';
import { SANDBOX_API_PASSWORD, SANDBOX_MERCHANT_PUBLIC_KEY } from '../../../main/core/sandbox';
import { basicCredential } from './sandbox-client';

// Started as `npm run sandbox` starts it (package.json): node loads tsx as a module, so the
// test signals the sandbox process itself, not the tsx wrapper, which kills its child when the
// child does not acknowledge a relayed signal within 30 ms, as happens on a loaded machine.
const cli = 'main/core/sandbox/cli.ts';
const startCli = (args: readonly string[]) =>
  spawn(process.execPath, ['--import', 'tsx', cli, ...args]);

let child: ChildProcessWithoutNullStreams | undefined;
afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

const firstLine = async (process: ChildProcessWithoutNullStreams): Promise<string> => {
  const lines = createInterface({ input: process.stdout });
  const [line] = (await once(lines, 'line')) as [string];
  lines.close();
  return line;
};

test('prints one line with its base URL, applies fault flags, stops on SIGTERM', async () => {
  child = startCli([
    '--port',
    '0',
    '--public-key',
    'pk-cli',
    '--api-password',
    'pw',
    '--fail-next',
    'search:1:503',
    '--admin-token',
    'cli-admin-token-for-tests',
  ]);
  const line = await firstLine(child);
  const url = /http:\/\/127\.0\.0\.1:\d+/.exec(line)?.[0];
  expect(url).toBeDefined();
  expect(line).toContain('admin token cli-admin-token-for-tests');
  const faults = (token: string) =>
    fetch(`${url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ latencyMs: 0 }),
    });
  expect((await faults('another-token-entirely')).status).toBe(401);
  expect((await faults('cli-admin-token-for-tests')).status).toBe(204);
  const search = () =>
    fetch(`${url}/pgw/api/v1/direct/order`, {
      headers: { Authorization: basicCredential('pk-cli', 'pw') },
    });
  expect((await search()).status).toBe(503);
  expect((await search()).status).toBe(200);
  const stopped = Date.now();
  child.kill('SIGTERM');
  const [code] = await once(child, 'exit');
  expect(code).toBe(0);
  expect(Date.now() - stopped).toBeLessThan(3000);
});

test('uses the documented default credentials', async () => {
  child = startCli(['--port', '0']);
  const url = /http:\/\/127\.0\.0\.1:\d+/.exec(await firstLine(child))?.[0];
  const answer = await fetch(`${url}/pgw/api/v1/direct/order`, {
    headers: { Authorization: basicCredential(SANDBOX_MERCHANT_PUBLIC_KEY, SANDBOX_API_PASSWORD) },
  });
  expect(answer.status).toBe(200);
  child.kill('SIGINT');
  expect((await once(child, 'exit'))[0]).toBe(0);
});

test('refuses a bad flag with exit code 2 and the usage', async () => {
  child = startCli(['--latency-ms', 'soon']);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = await once(child, 'exit');
  expect(code).toBe(2);
  expect(stderr).toContain('--latency-ms');
  expect(stderr).toContain('Usage: npm run sandbox');
});

test('--refuse-connections: refused at first, then the same port answers', async () => {
  child = startCli(['--port', '0', '--refuse-connections', '2500']);
  const url = /http:\/\/127\.0\.0\.1:\d+/.exec(await firstLine(child))?.[0] ?? '';
  const search = () =>
    fetch(`${url}/pgw/api/v1/direct/order`, {
      headers: {
        Authorization: basicCredential(SANDBOX_MERCHANT_PUBLIC_KEY, SANDBOX_API_PASSWORD),
      },
    });
  const refused = await search().catch((error: Error & { cause?: { code?: string } }) => error);
  expect(refused).toBeInstanceOf(Error);
  expect((refused as Error & { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');
  await new Promise((resolve) => setTimeout(resolve, 2700));
  expect((await search()).status).toBe(200);
  child.kill('SIGTERM');
  expect((await once(child, 'exit'))[0]).toBe(0);
});

test('prints each SMS and email a payment link sends: the outbox on the terminal', async () => {
  child = startCli(['--port', '0']);
  const lines = createInterface({ input: child.stdout });
  const output = lines[Symbol.asyncIterator]();
  const first = (await output.next()).value as string;
  const url = /http:\/\/127\.0\.0\.1:\d+/.exec(first)?.[0];
  const auth = basicCredential(SANDBOX_MERCHANT_PUBLIC_KEY, SANDBOX_API_PASSWORD);
  const created = await fetch(`${url}/payment-intent/api/v1/direct/eInvoice`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: auth },
    body: JSON.stringify({
      amount: 75,
      currency: 'SAR',
      customer: { phoneNumber: '501234567', phoneCountryCode: '+966' },
    }),
  });
  const { paymentIntent } = (await created.json()) as {
    paymentIntent: { paymentIntentId: string; link: string };
  };
  await fetch(
    `${url}/payment-intent/api/v1/direct/eInvoice/${paymentIntent.paymentIntentId}/sendBySms`,
    { method: 'POST', headers: { Authorization: auth } },
  );
  const sms = (await output.next()).value as string;
  expect(sms).toBe(
    `Sms to +966501234567: Paydesk Sandbox Merchant: pay SAR 75.00 at ${paymentIntent.link}`,
  );
  lines.close();
});
