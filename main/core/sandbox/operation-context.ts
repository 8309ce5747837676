import type { Clock } from '../ports';
import type { OutboxMessage } from './links/link-record';
import type { MerchantCredentials } from './auth';
import type { FaultPlan } from './faults';
import type { OrderReadLag } from './order-read-lag';
import type { SnippetEncoding } from './pages/snippet-encoding';
import type { GatewayReply } from './reply';
import type { SandboxState } from './state';

/** What every operation and page works with: one per running sandbox. */
export interface SandboxEnvironment {
  readonly state: SandboxState;
  readonly clock: Clock;
  readonly merchant: MerchantCredentials;
  /** http://127.0.0.1:PORT, the origin of the issuer pages and completion step. */
  readonly baseUrl: string;
  readonly snippetEncoding: SnippetEncoding;
  /** The faults operations consult themselves (a late or differently ending Pay). */
  readonly faults: FaultPlan;
  /** Every change to an order is announced here first (the orderReadLag fault). */
  readonly readLag: OrderReadLag;
  /** Aborted when the sandbox closes: a Pay still waiting to land is dropped with it. */
  readonly closing: AbortSignal;
  uuid(): string;
  /** Told of every SMS and email a link sends (the CLI prints them). */
  readonly onOutbox?: (message: OutboxMessage) => void;
}

/** One API call, after authentication and body parsing. */
export interface OperationRequest {
  /** Normalised JSON body (nulls dropped, property names in the gateway's case); undefined for GET. */
  readonly body: unknown;
  readonly query: URLSearchParams;
  /** The `{orderId}` path segment of Get order. */
  readonly orderId: string | null;
  /** The id segment of the payment-link paths (`…/eInvoice/{id}`, `…/paymentIntent/{id}`). */
  readonly pathId: string | null;
  readonly correlationId: string;
  /** `X-Language` or 'en'; echoed in every answer. */
  readonly language: string;
}

/**
 * An API operation. Most answer at once; Pay may wait (a late landing) and then answers
 * null when the sandbox closed meanwhile.
 */
export type Operation = (
  env: SandboxEnvironment,
  request: OperationRequest,
) => GatewayReply | Promise<GatewayReply | null>;
