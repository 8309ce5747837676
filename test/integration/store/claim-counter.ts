import pg from 'pg';
import { createConnectionPool } from '../../../main/core/gateway/connection-pool';
import { createGatewayClient } from '../../../main/core/gateway/gateway-client';
import type { GatewayTimeouts } from '../../../main/core/gateway/timeouts';
import { registerCounter } from '../../../main/core/store/counters';
import { poolRefundClaims } from '../../../main/core/store/claims/order-claims';
import { poolHoldClaims } from '../../../main/core/store/claims/hold-claims';
import {
  actOnOtherCountersHold,
  type RemoteHold,
  type RemoteHoldResult,
} from '../../../main/core/store/claims/remote-hold';
import {
  refundOtherCounter,
  type RemotePayment,
  type RemoteRefundDeps,
  type RemoteRefundResult,
} from '../../../main/core/store/claims/remote-refund';
import { quietLogger } from './store-counter';

/** Where the sandbox is and as whom to call it (a child process gets these as JSON). */
export interface SandboxAccess {
  url: string;
  merchantPublicKey: string;
  apiPassword: string;
}

const quickTimeouts: GatewayTimeouts = {
  connectMs: 1_000,
  headersMs: 2_000,
  bodyMs: 2_000,
  payHeadersMs: 2_000,
};

/**
 * A counter acting on other counters' payments: its own store pool (as its own install
 * has) and its own gateway connection, registered in the store under `counterId`.
 */
export interface ClaimCounter {
  counterId: string;
  pool: pg.Pool;
  refund(payment: RemotePayment, amountMinor: number | null): Promise<RemoteRefundResult>;
  /** Captures or releases another counter's hold (the same pool, gateway and tuning). */
  hold(hold: RemoteHold, action: 'capture' | 'release'): Promise<RemoteHoldResult>;
  close(): Promise<void>;
}

export async function startClaimCounter(
  storeUrl: string,
  counterId: string,
  sandbox: SandboxAccess,
  tuning: Partial<Pick<RemoteRefundDeps, 'settleMs' | 'retryDelaysMs'>> & {
    timeouts?: GatewayTimeouts;
  } = {},
): Promise<ClaimCounter> {
  const pool = new pg.Pool({ connectionString: storeUrl, max: 2, connectionTimeoutMillis: 2_000 });
  pool.on('error', () => undefined);
  await registerCounter(pool, { counterId, name: `Counter ${counterId}` });
  const timeouts = tuning.timeouts ?? quickTimeouts;
  const connections = createConnectionPool({ connectTimeoutMs: timeouts.connectMs });
  const gateway = createGatewayClient({
    baseUrl: new URL(sandbox.url),
    credentials: { merchantPublicKey: sandbox.merchantPublicKey, apiPassword: sandbox.apiPassword },
    dispatcher: connections.dispatcher(new URL(sandbox.url).origin),
    timeouts,
    language: 'en',
    logger: quietLogger,
    now: () => Date.now(),
  });
  const deps: RemoteRefundDeps = {
    claims: poolRefundClaims(pool),
    gateway,
    counterId,
    settleMs: tuning.settleMs ?? 60_000,
    retryDelaysMs: tuning.retryDelaysMs ?? [0, 20, 40],
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
  return {
    counterId,
    pool,
    refund: (payment, amountMinor) => refundOtherCounter(deps, payment, amountMinor),
    hold: (hold, action) =>
      actOnOtherCountersHold({ ...deps, gateway, claims: poolHoldClaims(pool) }, hold, action),
    async close() {
      await pool.end();
      await connections.close();
    },
  };
}
