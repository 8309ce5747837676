import { openGatewayAccess, type GatewayAccessSource } from '../payments/gateway-access';
import type { SearchOrders } from './reconcile';

/**
 * The order search on the gateway and merchant key of this moment (as a sale would use):
 * without usable settings or credentials the search fails like an unreachable gateway, and
 * the report says "not reconciled".
 */
export const gatewaySearch =
  (source: GatewayAccessSource): SearchOrders =>
  async (query, signal) => {
    const access = await openGatewayAccess(source);
    if (!access.ok) {
      return { ok: false, error: { kind: 'network', operation: 'search', detail: access.error } };
    }
    return access.value.client.searchOrders(query, signal);
  };

/** The gateway and merchant key a search reaches: where an order found by it lives. */
export interface FoundOn {
  baseUrl: string;
  merchantPublicKey: string;
}

/** Where the search of this moment goes (gatewaySearch reads the same), or null. */
export const gatewayBinding =
  (source: GatewayAccessSource) => async (): Promise<FoundOn | null> => {
    const access = await openGatewayAccess(source);
    return access.ok
      ? { baseUrl: access.value.baseUrl, merchantPublicKey: access.value.merchantPublicKey }
      : null;
  };
