import type { BoundCredentials } from '../ports';
import type { Sandbox } from '../sandbox';
import { liveGatewayBaseUrl } from '../settings/gateway-hosts';
import type { SettingsService } from '../settings/settings-service';

/** The gateway a payment mode talks to, read per request. */
export interface ModeGateway {
  baseUrl: () => string;
  credentials: () => Promise<BoundCredentials | null>;
  /** The loopback origin a challenge may load besides https (a sandbox's), or null. */
  allowedHttpOrigin: string | null;
}

/** A sandbox on loopback, with its own credentials bound to its origin. */
export function sandboxGateway(box: Sandbox): ModeGateway {
  const origin = new URL(box.url).origin;
  return {
    baseUrl: () => box.url,
    credentials: async () => ({
      merchantPublicKey: box.merchantPublicKey,
      apiPassword: box.apiPassword,
      origin,
    }),
    allowedHttpOrigin: origin,
  };
}

/**
 * The merchant's gateway as Settings select it. No live gateway (Training selected, or a
 * custom URL that is not https) is an empty base URL, which the engine refuses with its own
 * code before anything is sent.
 */
export function settingsGateway(settings: SettingsService): ModeGateway {
  return {
    baseUrl: () => {
      const url = liveGatewayBaseUrl(settings.current());
      return url.ok ? url.value : '';
    },
    credentials: () => settings.storedCredentials(),
    allowedHttpOrigin: null,
  };
}
