import { err, ok, type Result } from '../../../shared/result';

export type GatewayUrlError = 'gateway-url-invalid' | 'gateway-url-not-https';

const loopbackHosts = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * The gateway base URL must be https: card numbers travel in the bodies. Plain http is
 * allowed only on loopback, where Training mode's in-process sandbox listens.
 */
export function parseGatewayBaseUrl(text: string): Result<URL, GatewayUrlError> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return err('gateway-url-invalid');
  }
  if (url.username || url.password || url.search || url.hash) return err('gateway-url-invalid');
  if (url.protocol === 'https:') return ok(url);
  if (url.protocol === 'http:' && loopbackHosts.has(url.hostname)) return ok(url);
  return err('gateway-url-not-https');
}
