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
import { getMerchantConfig } from './operations/merchant-config';
import { getSessionToken, getToken } from './operations/token-get';
import { initiateTokenV3, initiateTokenV6 } from './operations/token-initiate';
import { payTokenV1, payTokenV2 } from './operations/token-pay';
import { authenticateTokenPayerV3, authenticateTokenPayerV6 } from './operations/token-payer';
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
  // Saved cards (GATEWAY-MORE.md §5): token 3-D Secure v6 and v3, pay/token v2 and v1.
  '/pgw/api/v6/direct/authenticate/initiate/token': {
    method: 'POST',
    operation: 'token-initiate',
    handler: initiateTokenV6,
  },
  '/pgw/api/v6/direct/authenticate/payer/token': {
    method: 'POST',
    operation: 'token-payer',
    handler: authenticateTokenPayerV6,
  },
  '/pgw/api/v3/direct/authenticate/initiate/token': {
    method: 'POST',
    operation: 'token-initiate',
    handler: initiateTokenV3,
  },
  '/pgw/api/v3/direct/authenticate/payer/token': {
    method: 'POST',
    operation: 'token-payer',
    handler: authenticateTokenPayerV3,
  },
  '/pgw/api/v2/direct/pay/token': { method: 'POST', operation: 'pay-token', handler: payTokenV2 },
  '/pgw/api/v1/direct/pay/token': { method: 'POST', operation: 'pay-token', handler: payTokenV1 },
  '/pgw/api/v1/token': { method: 'GET', operation: 'token-get', handler: getSessionToken },
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
  // Get token and the merchant configuration: their id is the path's last segment too.
  {
    pattern: /^\/pgw\/api\/v1\/direct\/token\/([^/]+)$/,
    route: { method: 'GET', operation: 'token-get', handler: getToken },
  },
  {
    pattern: /^\/pgw\/api\/v1\/config\/([^/]+)$/,
    route: { method: 'GET', operation: 'config', handler: getMerchantConfig },
  },
];

export interface FoundRoute {
  route: ApiRoute;
  /** Get order's `{orderId}`. */
  orderId: string | null;
  /** A payment link's `{paymentIntentId}`, Get token's `{tokenId}`, the config's `{merchantPublicKey}`. */
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
