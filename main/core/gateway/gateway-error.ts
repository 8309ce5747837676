import type { GatewayOrder } from './order-schema';

export type GatewayOperation =
  | 'session'
  | 'initiate'
  | 'payer'
  | 'pay'
  | 'order'
  | 'refund'
  | 'cancel'
  | 'capture'
  | 'release'
  | 'search'
  // Saved cards (tokens).
  | 'token-initiate'
  | 'token-payer'
  | 'token-pay'
  | 'token-get'
  | 'merchant-config'
  // Payment links (e-invoices).
  | 'link-create'
  | 'link-send'
  | 'link-get'
  | 'link-delete';

/** The gateway's codes as a pair; official clients show them as `responseCode.detailed`. */
export interface GatewayCodes {
  responseCode: string;
  detailedResponseCode: string | null;
  responseMessage: string | null;
  detailedResponseMessage: string | null;
}

/**
 * How a gateway call can fail, as values. `network`: no response at all; `timeout`: a time
 * limit passed (for Pay the outcome is unknown, never "failed"); `http`: a 4xx/5xx answer
 * (problem details when the body has them); `refused`: HTTP 200 with a code other than 000;
 * `invalid-response`: an answer we cannot read; `aborted`: our own cancel.
 */
export type GatewayError =
  | { kind: 'network'; operation: GatewayOperation; detail: string }
  | { kind: 'timeout'; operation: GatewayOperation; phase: 'connect' | 'headers' | 'body' }
  | {
      kind: 'http';
      operation: GatewayOperation;
      status: number;
      title: string | null;
      fieldErrors: Record<string, string[]>;
      codes: GatewayCodes | null;
      correlationId: string | null;
    }
  | {
      kind: 'refused';
      operation: GatewayOperation;
      codes: GatewayCodes;
      order: GatewayOrder | null;
      /** Initiate and Payer refusals can say `Reject`: the card cannot be paid with. */
      gatewayDecision: string | null;
      correlationId: string | null;
    }
  | {
      kind: 'invalid-response';
      operation: GatewayOperation;
      status: number;
      issue: string;
      correlationId: string | null;
    }
  | { kind: 'aborted'; operation: GatewayOperation };

export type GatewayResult<T> =
  { ok: true; value: T; correlationId: string | null } | { ok: false; error: GatewayError };

/** `300.001` style: the form official clients display and support staff search for. */
export function displayCode(codes: GatewayCodes): string {
  const detailed = codes.detailedResponseCode;
  if (!detailed || detailed === codes.responseCode) return codes.responseCode;
  return detailed.startsWith(`${codes.responseCode}.`)
    ? detailed
    : `${codes.responseCode}.${detailed}`;
}

/** The most specific words the gateway gave, for the operator's support line. */
export function displayMessage(codes: GatewayCodes): string | null {
  return codes.detailedResponseMessage || codes.responseMessage || null;
}

export function correlationIdOf(error: GatewayError): string | null {
  return 'correlationId' in error ? error.correlationId : null;
}

/**
 * Connect failures that prove the request never left: the connection was refused or never
 * opened in time. undici opens a new connection for these (a pooled socket is already
 * connected), so no byte of the request reached the gateway.
 */
export const neverLeft = (error: GatewayError): boolean =>
  (error.kind === 'network' && error.detail === 'ECONNREFUSED') ||
  (error.kind === 'timeout' && error.phase === 'connect');
