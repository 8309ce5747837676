import type { Settings } from '../../../shared/ipc';
import { err, ok, type Result } from '../../../shared/result';
import { parseGatewayBaseUrl } from '../gateway/base-url';

/** Production hosts per environment (GATEWAY.md, "Hosts and authentication"). */
export const gatewayHosts = {
  ksa: 'https://api.ksamerchant.geidea.net',
  egypt: 'https://api.merchant.geidea.net',
  uae: 'https://api.merchant.geidea.ae',
} as const;

/**
 * A custom gateway URL must be an https origin and nothing more: unlike Training's loopback
 * sandbox it carries real cards and the API password over a real network, and the stored
 * credentials are bound to exactly this origin. A path would only hide part of the address
 * from the operator. Returned as the URL parser spells it (lower case, an international name
 * in its punycode form, the default port dropped), which is what Settings shows in full.
 */
export function parseCustomBaseUrl(text: string): Result<string, 'settings-custom-url-invalid'> {
  const parsed = parseGatewayBaseUrl(text.trim());
  if (!parsed.ok || parsed.value.protocol !== 'https:' || parsed.value.pathname !== '/') {
    return err('settings-custom-url-invalid');
  }
  return ok(parsed.value.origin);
}

/**
 * The real gateway the settings select. Training has none: its gateway is the in-process
 * sandbox, which a live journal must never be reconciled against, so the live engine gets
 * `training-selected` (and sends nothing) while Training mode is on.
 */
export function liveGatewayBaseUrl(
  settings: Pick<Settings, 'environment' | 'customBaseUrl'>,
): Result<string, 'settings-custom-url-invalid' | 'training-selected'> {
  switch (settings.environment) {
    case 'training':
      return err('training-selected');
    case 'custom':
      return parseCustomBaseUrl(settings.customBaseUrl ?? '');
    default:
      return ok(gatewayHosts[settings.environment]);
  }
}
