import type { Clock } from '../ports';
import type { MerchantCredentials } from './auth';
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
  uuid(): string;
}

/** One API call, after authentication and body parsing. */
export interface OperationRequest {
  /** Normalised JSON body (nulls dropped, alias keys renamed); undefined for GET. */
  readonly body: unknown;
  readonly query: URLSearchParams;
  /** The `{orderId}` path segment of Get order. */
  readonly orderId: string | null;
  readonly correlationId: string;
  /** `X-Language` or 'en'; echoed in every answer. */
  readonly language: string;
}

export type Operation = (env: SandboxEnvironment, request: OperationRequest) => GatewayReply;
