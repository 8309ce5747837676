import type { Session } from 'electron';
import type { NetworkRoute } from '../core/gateway/network-route';
import { trustedCertificates } from '../core/platform/trust-store';

/**
 * The proxy of a PAC-style answer (`PROXY host:port; DIRECT`, what Chromium's resolveProxy
 * gives), as a URL undici can tunnel through, or null for a direct connection. Entries are
 * tried in order; SOCKS, which the gateway client does not speak, is passed over.
 */
export function proxyOfPacAnswer(answer: string): string | null {
  for (const entry of answer.split(';')) {
    const [kind, address] = entry.trim().split(/\s+/);
    if (kind === 'DIRECT') return null;
    if (address && kind === 'PROXY') return `http://${address}`;
    if (address && kind === 'HTTPS') return `https://${address}`;
  }
  return null;
}

/**
 * The route gateway traffic takes under Electron: the OS trust store, and the proxy Chromium
 * itself would use for the gateway's origin (system settings, PAC, WPAD, policy), asked per
 * new connection so a change of network applies without a restart.
 */
export function chromiumNetworkRoute(session: Session): NetworkRoute {
  return {
    certificates: trustedCertificates,
    proxyFor: async (origin) => proxyOfPacAnswer(await session.resolveProxy(origin)),
  };
}
