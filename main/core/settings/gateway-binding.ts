import type { Settings } from '../../../shared/ipc';
import { liveGatewayBaseUrl } from './gateway-hosts';
import type { StoredCredentials } from './settings-storage';

/**
 * Which gateway the stored credentials belong to. The API password is
 * saved for one gateway origin; a changed environment or custom URL must never receive it,
 * so a change of origin clears the credentials and the merchant enters them again for the
 * new gateway. Training selects no live gateway: the credentials wait, unused, for their own.
 */

/** The live gateway origin the settings select, or null (Training, or no valid URL). */
export function liveOriginOf(settings: Pick<Settings, 'environment' | 'customBaseUrl'>) {
  const url = liveGatewayBaseUrl(settings);
  return url.ok ? new URL(url.value).origin : null;
}

/** What the settings send live requests to: base URL, or why there is none. */
export function gatewaySelection(settings: Pick<Settings, 'environment' | 'customBaseUrl'>) {
  const url = liveGatewayBaseUrl(settings);
  return url.ok ? url.value : `none:${url.error}`;
}

/** The credentials that survive a move to `next`: kept only while the origin stays theirs. */
export function credentialsAfter(
  credentials: StoredCredentials | null,
  next: Settings,
): StoredCredentials | null {
  const origin = liveOriginOf(next);
  if (!credentials || origin === null) return credentials;
  return credentials.origin === origin ? credentials : null;
}
