import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock, Logger } from '../ports';
import { SANDBOX_API_PASSWORD, SANDBOX_MERCHANT_PUBLIC_KEY } from './defaults';
import { FaultPlan, type SandboxFaults } from './faults';
import { createInspector, type SandboxInspector } from './inspect';
import type { SandboxEnvironment } from './operation-context';
import type { SnippetEncoding } from './pages/snippet-encoding';
import { handleRequest } from './request-handler';
import { SandboxState } from './state';

export type { SandboxFaults, SandboxOperation, FailureKind } from './faults';
export type { SandboxInspector, SandboxOrderSnapshot } from './inspect';
export type { SnippetEncoding } from './pages/snippet-encoding';
export { SANDBOX_API_PASSWORD, SANDBOX_MERCHANT_PUBLIC_KEY } from './defaults';
export { testCards, TEST_CARD_EXPIRY, type TestCard } from './test-cards';

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Loopback only: the sandbox is never reachable from another machine. */
  host?: '127.0.0.1';
  merchantPublicKey?: string;
  apiPassword?: string;
  /** Added to every API call (faults.setLatency changes it later). */
  latencyMs?: number;
  /** Session expiry and every date; tests pass a fake clock. */
  clock?: Clock;
  logger?: Logger;
  /** How snippets are escaped inside the JSON string (default 'json', as the gateway). */
  snippetEncoding?: SnippetEncoding;
}

export interface Sandbox {
  /** http://127.0.0.1:PORT, the gateway base URL for every call. */
  readonly url: string;
  readonly merchantPublicKey: string;
  readonly apiPassword: string;
  readonly faults: SandboxFaults;
  readonly inspect: SandboxInspector;
  /** Stops listening and drops every connection, hanging ones included. */
  close(): Promise<void>;
}

const listen = (server: Server, port: number, host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });

/**
 * Starts the simulated gateway (DESIGN.md §5) on loopback: Training mode's gateway, the
 * tests' oracle, and `npm run sandbox`. State lives in memory until close.
 */
export const startSandbox = async (options: SandboxOptions = {}): Promise<Sandbox> => {
  const host = options.host ?? '127.0.0.1';
  const merchant = {
    merchantPublicKey: options.merchantPublicKey ?? SANDBOX_MERCHANT_PUBLIC_KEY,
    apiPassword: options.apiPassword ?? SANDBOX_API_PASSWORD,
  };
  const faults = new FaultPlan();
  faults.setLatency(options.latencyMs ?? 0);
  const state = new SandboxState();
  const inspect = createInspector(state);
  const closing = new AbortController();
  const server = createServer({ keepAliveTimeout: 30_000 });
  const port = await listen(server, options.port ?? 0, host);
  const env: SandboxEnvironment = {
    state,
    clock: options.clock ?? { now: () => Date.now() },
    merchant,
    baseUrl: `http://${host}:${port}`,
    snippetEncoding: options.snippetEncoding ?? 'json',
    uuid: randomUUID,
  };
  const tools = { env, faults, inspect, logger: options.logger, closing: closing.signal };
  server.on('request', (request, response) => {
    handleRequest(request, response, tools).catch((error: unknown) => {
      options.logger?.error('sandbox request failed', { error: String(error) });
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  return {
    url: env.baseUrl,
    ...merchant,
    faults,
    inspect,
    close: () =>
      new Promise<void>((resolve) => {
        closing.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
