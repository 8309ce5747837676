import type { SandboxOperation } from './faults';
import type { Operation } from './operation-context';
import { cancel } from './operations/cancel';
import { capture } from './operations/capture';
import { initiateAuthentication } from './operations/initiate';
import { getOrder, searchOrders } from './operations/orders';
import { authenticatePayer } from './operations/payer';
import { pay } from './operations/pay';
import { refund } from './operations/refund';
import { createSession } from './operations/session';

export interface ApiRoute {
  readonly method: 'GET' | 'POST';
  readonly operation: SandboxOperation;
  readonly handler: Operation;
}

/** Every call of GATEWAY.md and the seed, by lower-case path (ASP.NET routes ignore case). */
const fixedRoutes: Record<string, ApiRoute> = {
  '/payment-intent/api/v2/direct/session': {
    method: 'POST',
    operation: 'session',
    handler: createSession,
  },
  '/pgw/api/v6/direct/authenticate/initiate': {
    method: 'POST',
    operation: 'initiate',
    handler: initiateAuthentication,
  },
  '/pgw/api/v6/direct/authenticate/payer': {
    method: 'POST',
    operation: 'payer',
    handler: authenticatePayer,
  },
  '/pgw/api/v2/direct/pay': { method: 'POST', operation: 'pay', handler: pay },
  '/pgw/api/v1/direct/order': { method: 'GET', operation: 'search', handler: searchOrders },
  '/pgw/api/v1/direct/refund': { method: 'POST', operation: 'refund', handler: refund },
  '/pgw/api/v1/direct/cancel': { method: 'POST', operation: 'cancel', handler: cancel },
  '/pgw/api/v1/direct/capture': { method: 'POST', operation: 'capture', handler: capture },
};

const orderRoute: ApiRoute = { method: 'GET', operation: 'order', handler: getOrder };
const orderPath = /^\/pgw\/api\/v1\/direct\/order\/([^/]+)$/;

/** The API route of a path, with Get order's `{orderId}`; null for anything else. */
export const findApiRoute = (path: string): { route: ApiRoute; orderId: string | null } | null => {
  const lower = path.toLowerCase().replace(/\/+$/, '');
  const fixed = fixedRoutes[lower];
  if (fixed) return { route: fixed, orderId: null };
  const match = orderPath.exec(lower);
  return match?.[1] ? { route: orderRoute, orderId: decodeURIComponent(match[1]) } : null;
};
