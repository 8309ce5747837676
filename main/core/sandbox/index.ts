import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { Clock, Logger } from '../ports';
import { SANDBOX_API_PASSWORD, SANDBOX_MERCHANT_PUBLIC_KEY } from './defaults';
import { FaultPlan, type SandboxFaults } from './faults';
import { createInspector, type SandboxInspector } from './inspect';
import type { SandboxEnvironment } from './operation-context';
import type { SnippetEncoding } from './pages/snippet-encoding';
import { SandboxListener } from './listener';
import { ownHostNames } from './own-host';
import { OrderReadLag } from './order-read-lag';
import { handleRequest, type HandlerTools } from './request-handler';
import { plantOrders } from './planted-order';
import type { OutboxMessage } from './links/link-record';
import { orderShape } from './shapes/order-shape';
import { defaultStateLimits, SandboxState, type StateLimits } from './state';
import type { MerchantConfigChange } from './tokens/merchant-config';
import { plantToken } from './tokens/planted-token';
import { expireToken } from './tokens/token-store';

export type {
  AfterCommitStatus,
  FailureKind,
  PayEnding,
  SandboxFaults,
  SandboxOperation,
} from './faults';
export { MAX_FAULT_DELAY_MS } from './faults';
export type { SandboxInspector, SandboxOrderSnapshot } from './inspect';
export type { SnippetEncoding } from './pages/snippet-encoding';
export type { PlantedOrder } from './planted-order';
export type { PlantedToken } from './tokens/planted-token';
export type { MerchantConfig, MerchantConfigChange } from './tokens/merchant-config';
export type { OutboxMessage } from './links/link-record';
export { SANDBOX_API_PASSWORD, SANDBOX_MERCHANT_PUBLIC_KEY } from './defaults';
export { testCards, TEST_CARD_EXPIRY, type TestCard } from './test-cards';

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Loopback only: the sandbox is never reachable from another machine. */
  host?: '127.0.0.1';
  merchantPublicKey?: string;
  apiPassword?: string;
  /** The admin surface's Bearer credential; random per start when absent. */
  adminToken?: string;
  /** Added to every API call (faults.setLatency changes it later; at most 60 000 ms). */
  latencyMs?: number;
  /** How long the 3-D Secure method page takes to answer (faults.setMethodPageDuration). */
  methodPageMs?: number;
  /** Session expiry and every date; tests pass a fake clock. Delays use real timers. */
  clock?: Clock;
  logger?: Logger;
  /** How snippets are escaped inside the JSON string (default 'json', as the gateway). */
  snippetEncoding?: SnippetEncoding;
  /** How many sessions and orders are kept (least recently used forgotten first). */
  limits?: Partial<StateLimits>;
  /** Told of every SMS and email a payment link sends. */
  onOutbox?: (message: OutboxMessage) => void;
  /** Merchant configuration flags to start with (faults.setMerchantConfig changes them later). */
  merchantConfig?: MerchantConfigChange;
}

export interface Sandbox {
  /** http://127.0.0.1:PORT, the gateway base URL for every call. */
  readonly url: string;
  readonly merchantPublicKey: string;
  readonly apiPassword: string;
  /** `Authorization: Bearer <adminToken>` opens the HTTP admin surface (/__sandbox/…). */
  readonly adminToken: string;
  readonly faults: SandboxFaults;
  readonly inspect: SandboxInspector;
  /** Every SMS and email "sent" for payment links, oldest first (the customer's side). */
  outbox(): readonly OutboxMessage[];
  /** Stops listening and drops every connection, hanging ones included. */
  close(): Promise<void>;
}

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
  const adminToken = options.adminToken ?? randomBytes(24).toString('base64url');
  // Faults first: a bad option is refused before anything listens.
  const faults = new FaultPlan();
  faults.setLatency(options.latencyMs ?? 0);
  faults.setMethodPageDuration(options.methodPageMs ?? 0);
  faults.setMerchantConfig(options.merchantConfig ?? {});
  // A request without Host reaches the handler, to be refused in the gateway's own words.
  const server = createServer({ keepAliveTimeout: 30_000, requireHostHeader: false });
  const listener = await SandboxListener.open(server, options.port ?? 0, host, options.logger);
  faults.attachListener((ms) => listener.refuse(ms));
  const state = new SandboxState({ ...defaultStateLimits, ...options.limits });
  const inspect = createInspector(state);
  const closing = new AbortController();
  const baseUrl = `http://${host}:${listener.port}`;
  const env: SandboxEnvironment = {
    state,
    clock: options.clock ?? { now: () => Date.now() },
    merchant,
    baseUrl,
    snippetEncoding: options.snippetEncoding ?? 'json',
    faults,
    readLag: new OrderReadLag(
      () => faults.readLagMs,
      (order) => orderShape(order, merchant),
    ),
    closing: closing.signal,
    uuid: randomUUID,
    onOutbox: options.onOutbox,
  };
  faults.attachPlanter((order) => plantOrders(env, order));
  faults.attachTokens({
    expire: (tokenId) => expireToken(env, tokenId),
    plant: (token) => plantToken(env, token),
  });
  const tools: HandlerTools = {
    env,
    faults,
    inspect,
    logger: options.logger,
    closing: closing.signal,
    adminToken,
    refusing: () => listener.refusing(),
    ownHosts: ownHostNames(host),
  };
  server.on('request', (request, response) => {
    handleRequest(request, response, tools).catch((error: unknown) => {
      options.logger?.error('sandbox request failed', { error: String(error) });
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  return {
    url: baseUrl,
    ...merchant,
    adminToken,
    faults,
    inspect,
    outbox: () => [...state.outbox],
    close: () => {
      closing.abort();
      return listener.close();
    },
  };
};
