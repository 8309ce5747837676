/**
 * Per-call time limits. Pay waits longest: giving up on it early only turns a likely answer
 * into an in-doubt attempt. Injectable so tests of hangs and timeouts run in milliseconds.
 */
export interface GatewayTimeouts {
  connectMs: number;
  headersMs: number;
  bodyMs: number;
  payHeadersMs: number;
}

export const defaultGatewayTimeouts: GatewayTimeouts = {
  connectMs: 10_000,
  headersMs: 30_000,
  bodyMs: 30_000,
  payHeadersMs: 90_000,
};
