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
import {
  createLink,
  deleteLink,
  getLink,
  getPaymentIntent,
  sendLinkByEmail,
  sendLinkBySms,
  updateLink,
} from './operations/e-invoice';

export interface ApiRoute {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
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

// Payment links (GATEWAY-MORE.md §2.1). Create and Update share a path and differ by method.
const einvoice = '/payment-intent/api/v1/direct/einvoice';
const linkRoutes: readonly { pattern: RegExp; route: ApiRoute }[] = [
  {
    pattern: new RegExp(`^${einvoice}$`),
    route: { method: 'POST', operation: 'link-create', handler: createLink },
  },
  {
    pattern: new RegExp(`^${einvoice}$`),
    route: { method: 'PUT', operation: 'link-update', handler: updateLink },
  },
  {
    pattern: new RegExp(`^${einvoice}/([^/]+)$`),
    route: { method: 'GET', operation: 'link-get', handler: getLink },
  },
  {
    pattern: new RegExp(`^${einvoice}/([^/]+)$`),
    route: { method: 'DELETE', operation: 'link-delete', handler: deleteLink },
  },
  // IOS spells it sendBySMS; the routes ignore case anyway.
  {
    pattern: new RegExp(`^${einvoice}/([^/]+)/sendbysms$`),
    route: { method: 'POST', operation: 'link-sms', handler: sendLinkBySms },
  },
  {
    pattern: new RegExp(`^${einvoice}/([^/]+)/sendbyemail$`),
    route: { method: 'POST', operation: 'link-email', handler: sendLinkByEmail },
  },
  {
    pattern: /^\/payment-intent\/api\/v1\/paymentintent\/([^/]+)$/,
    route: { method: 'GET', operation: 'intent', handler: getPaymentIntent },
  },
];

export interface FoundRoute {
  route: ApiRoute;
  /** Get order's `{orderId}`. */
  orderId: string | null;
  /** A payment link's `{paymentIntentId}`. */
  pathId: string | null;
}

/** A link route of the path, the one for `method` when there is one (else 405 follows). */
const findLinkRoute = (lower: string, method: string): FoundRoute | null => {
  const matching = linkRoutes.flatMap(({ pattern, route }) => {
    const match = pattern.exec(lower);
    return match
      ? [{ route, orderId: null, pathId: match[1] ? decodeURIComponent(match[1]) : null }]
      : [];
  });
  return matching.find((found) => found.route.method === method) ?? matching[0] ?? null;
};

/** The API route of a path, with its id segment; null for anything else. */
export const findApiRoute = (path: string, method = 'GET'): FoundRoute | null => {
  const lower = path.toLowerCase().replace(/\/+$/, '');
  const fixed = fixedRoutes[lower];
  if (fixed) return { route: fixed, orderId: null, pathId: null };
  const match = orderPath.exec(lower);
  if (match?.[1]) return { route: orderRoute, orderId: decodeURIComponent(match[1]), pathId: null };
  return findLinkRoute(lower, method);
};
