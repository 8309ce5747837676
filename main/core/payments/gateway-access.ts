import { err, ok, type Result } from '../../../shared/result';
import { parseGatewayBaseUrl, type GatewayUrlError } from '../gateway/base-url';
import type { ConnectionPool } from '../gateway/connection-pool';
import { createGatewayClient, type GatewayClient } from '../gateway/gateway-client';
import type { GatewayTimeouts } from '../gateway/timeouts';
import type { Clock, Logger, SecretReader } from '../ports';

/** The gateway as one operation sees it: settings and credentials of that moment. */
export interface GatewayAccess {
  client: GatewayClient;
  /** The base URL as parsed (path included), journalled with the attempt. */
  baseUrl: string;
  origin: string;
  merchantPublicKey: string;
}

/**
 * `credentials-changed`: the attempt was made with another merchant key than today's;
 * `credentials-other-origin`: the credentials were saved for another gateway.
 */
export type GatewayAccessError =
  'credentials-missing' | 'credentials-changed' | 'credentials-other-origin' | GatewayUrlError;

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
 * A service's source of gateway access: the gateway and secrets its deps name, read at each
 * operation, the language of today's settings, and the service's own pool, timeouts, logger
 * and clock.
 */
export const gatewayAccessSource = (
  deps: Pick<GatewayAccessSource, 'gateway' | 'secrets'> & {
    settings: () => { language: 'en' | 'ar' };
  },
  own: Pick<GatewayAccessSource, 'pool' | 'timeouts' | 'logger' | 'clock'>,
): GatewayAccessSource => ({
  gateway: deps.gateway,
  secrets: deps.secrets,
  language: () => deps.settings().language,
  ...own,
});

/** Where an earlier attempt went and as whom; its settlement goes to the same place. */
export interface PinnedGateway {
  baseUrl: string | null;
  merchantPublicKey: string | null;
}

/**
 * Reads the base URL and credentials now, so a settings change applies to the next
 * operation and never to one already running. With `pinned` (an attempt's own gateway and
 * merchant key from the journal), that gateway is used whatever the settings say now, and a
 * changed merchant key is refused rather than asking the wrong merchant account.
 */
export async function openGatewayAccess(
  source: GatewayAccessSource,
  pinned?: PinnedGateway,
): Promise<Result<GatewayAccess, GatewayAccessError>> {
  const baseUrl = parseGatewayBaseUrl(pinned?.baseUrl ?? source.gateway().baseUrl);
  if (!baseUrl.ok) return baseUrl;
  const credentials = await source.secrets.credentials();
  if (!credentials) return err('credentials-missing');
  if (pinned?.merchantPublicKey && pinned.merchantPublicKey !== credentials.merchantPublicKey) {
    return err('credentials-changed');
  }
  const origin = baseUrl.value.origin;
  // Saved for one gateway, sent to that gateway only: a changed URL never receives them.
  if (credentials.origin !== origin) return err('credentials-other-origin');
  return ok({
    origin,
    baseUrl: baseUrl.value.href,
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
