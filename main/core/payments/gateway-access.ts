import { err, ok, type Result } from '../../../shared/result';
import { parseGatewayBaseUrl, type GatewayUrlError } from '../gateway/base-url';
import type { ConnectionPool } from '../gateway/connection-pool';
import { createGatewayClient, type GatewayClient } from '../gateway/gateway-client';
import type { GatewayTimeouts } from '../gateway/timeouts';
import type { Clock, Logger, SecretReader } from '../ports';

/** The gateway as one operation sees it: settings and credentials of that moment. */
export interface GatewayAccess {
  client: GatewayClient;
  origin: string;
  merchantPublicKey: string;
}

export type GatewayAccessError =
  'credentials-missing' | 'credentials-other-origin' | GatewayUrlError;

export interface GatewayAccessSource {
  gateway: () => { baseUrl: string };
  secrets: SecretReader;
  language: () => 'en' | 'ar';
  pool: ConnectionPool;
  timeouts: GatewayTimeouts;
  logger: Logger;
  clock: Clock;
}

/**
 * Reads the base URL and credentials now, so a settings change applies to the next
 * operation and never to one already running.
 */
export async function openGatewayAccess(
  source: GatewayAccessSource,
): Promise<Result<GatewayAccess, GatewayAccessError>> {
  const baseUrl = parseGatewayBaseUrl(source.gateway().baseUrl);
  if (!baseUrl.ok) return baseUrl;
  const credentials = await source.secrets.credentials();
  if (!credentials) return err('credentials-missing');
  const origin = baseUrl.value.origin;
  // Saved for one gateway, sent to that gateway only: a changed URL never receives them.
  if (credentials.origin !== origin) return err('credentials-other-origin');
  return ok({
    origin,
    merchantPublicKey: credentials.merchantPublicKey,
    client: createGatewayClient({
      baseUrl: baseUrl.value,
      credentials,
      dispatcher: source.pool.dispatcher(origin),
      timeouts: source.timeouts,
      language: source.language(),
      logger: source.logger,
      now: () => source.clock.now(),
    }),
  });
}
