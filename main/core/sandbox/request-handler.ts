import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '../ports';
import { handleAdmin } from './admin';
import { findApiRoute, type FoundRoute } from './api-routes';
import { isAuthorized } from './auth';
import { gatewayCodes } from './codes';
import { MAX_FAULT_DELAY_MS, type FailureKind, type FaultPlan } from './faults';
import { encodeGatewayJson } from './gateway-json';
import type { SandboxInspector } from './inspect';
import type { SandboxEnvironment } from './operation-context';
import { isOwnHost } from './own-host';
import { findPage } from './pages/page-routes';
import { problemReply } from './problem-details';
import type { GatewayReply } from './reply';
import { readBody, readJsonBody, type BodyError } from './request-body';
import type { Result } from '../../../shared/result';

export interface HandlerTools {
  readonly env: SandboxEnvironment;
  readonly faults: FaultPlan;
  readonly inspect: SandboxInspector;
  readonly logger: Logger | undefined;
  /** Aborted on close: pending latency waits end without answering. */
  readonly closing: AbortSignal;
  /** The admin surface's own credential (Bearer), apart from the merchant's. */
  readonly adminToken: string;
  /** True while refuseConnections holds the listener closed. */
  refusing(): boolean;
  /** The host names that name this sandbox (own-host.ts); any other is refused. */
  readonly ownHosts: ReadonlySet<string>;
}

const sendReply = (response: ServerResponse, reply: GatewayReply, correlationId: string): void => {
  const text = encodeGatewayJson(reply.body);
  response.writeHead(reply.status, {
    'Content-Type': reply.contentType,
    'Content-Length': Buffer.byteLength(text),
    'X-Correlation-Id': correlationId,
  });
  response.end(text);
};

/** One API call after faults: method, credential, body, operation. */
const runApi = async (
  request: IncomingMessage,
  body: Result<unknown, BodyError> | null,
  found: FoundRoute,
  url: URL,
  tools: HandlerTools,
  correlationId: string,
): Promise<GatewayReply | null> => {
  const { route } = found;
  if (request.method !== route.method)
    return problemReply(gatewayCodes.methodNotAllowed, correlationId);
  if (!isAuthorized(request.headers.authorization, tools.env.merchant)) {
    return problemReply(gatewayCodes.unauthorized, correlationId, {
      Authorization: ['A valid Basic credential (public key and API password) is required.'],
    });
  }
  if (body && !body.ok) return problemReply(gatewayCodes[body.error], correlationId);
  const language = request.headers['x-language'] === 'ar' ? 'ar' : 'en';
  return route.handler(tools.env, {
    body: body?.value,
    query: url.searchParams,
    orderId: found.orderId,
    pathId: found.pathId,
    correlationId,
    language,
  });
};

const runPage = async (
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  tools: HandlerTools,
): Promise<number> => {
  const page = findPage(url.pathname);
  const method = request.method ?? 'GET';
  if (!page || !page.methods.includes(method)) {
    request.resume();
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    return 404;
  }
  const raw = method === 'POST' ? await readBody(request) : null;
  const form =
    method === 'POST' ? new URLSearchParams(raw?.toString('utf8') ?? '') : url.searchParams;
  // The issuer's device fingerprinting takes its time before the page answers.
  if (url.pathname.toLowerCase() === '/acs/method' && tools.faults.methodPageMs > 0) {
    try {
      await delay(tools.faults.methodPageMs, undefined, { signal: tools.closing });
    } catch {
      return 0;
    }
  }
  const reply = page.page(tools.env, form, method);
  response.writeHead(reply.status, reply.headers).end(reply.body);
  return reply.status;
};

const failureCodes = {
  500: gatewayCodes.internalError,
  502: gatewayCodes.badGateway,
  503: gatewayCodes.unavailable,
  504: gatewayCodes.gatewayTimeout,
} as const;

/**
 * A failure taken before the call runs: a problem body, a socket destroyed before any byte,
 * or a hang. A hang holds the socket for at most MAX_FAULT_DELAY_MS, then drops it unanswered,
 * so Training mode never waits on the sandbox for longer.
 */
const fail = async (
  request: IncomingMessage,
  response: ServerResponse,
  kind: FailureKind,
  tools: HandlerTools,
  correlationId: string,
): Promise<void> => {
  if (kind === 'reset') {
    request.socket.destroy();
    return;
  }
  request.resume();
  if (kind !== 'hang')
    return sendReply(response, problemReply(failureCodes[kind], correlationId), correlationId);
  try {
    await delay(MAX_FAULT_DELAY_MS, undefined, { signal: tools.closing });
  } catch {
    return;
  }
  request.socket.destroy();
};

/** Sending a link takes no body (AND posts none); every other POST and PUT needs JSON. */
const takesBody = (request: IncomingMessage, operation: string | null): boolean => {
  if (request.method !== 'POST' && request.method !== 'PUT') return false;
  const empty =
    (request.headers['content-length'] ?? '0') === '0' && !request.headers['transfer-encoding'];
  return !(empty && (operation === 'link-sms' || operation === 'link-email'));
};

/**
 * Every request: its Host (another name is refused before anything runs), admin surface,
 * injected failures (before anything runs), body, latency and delays (API calls), then the API call or
 * page, then the after-commit faults. The body is read before any wait: once a request has
 * reached the gateway it runs, whether or not its client is still connected, and its answer
 * is written only if the client still is.
 */
export const handleRequest = async (
  request: IncomingMessage,
  response: ServerResponse,
  tools: HandlerTools,
): Promise<void> => {
  const started = Date.now();
  // While connections are refused, a connection already open is not reused after its answer:
  // the next call must connect, and is refused, as with a gateway that went away.
  if (tools.refusing()) response.setHeader('Connection', 'close');
  if (!isOwnHost(request.headers.host, tools.ownHosts)) {
    request.resume();
    const correlationId = tools.env.uuid();
    tools.logger?.warn('sandbox request for another host refused', { correlationId });
    return sendReply(
      response,
      problemReply(gatewayCodes.misdirected, correlationId),
      correlationId,
    );
  }
  const url = new URL(request.url ?? '/', tools.env.baseUrl);
  if (url.pathname.startsWith('/__sandbox/'))
    return handleAdmin(request, response, url.pathname, tools);
  const api = findApiRoute(url.pathname, request.method);
  const operation = api?.route.operation ?? null;
  const correlationId = tools.env.uuid();
  const failure = tools.faults.takeFailure(operation, url.pathname);
  if (failure !== null) return fail(request, response, failure, tools, correlationId);
  if (!api && /^\/(pgw|payment-intent)\//i.test(url.pathname)) {
    request.resume();
    return sendReply(response, problemReply(gatewayCodes.notFound, correlationId), correlationId);
  }
  if (!api) {
    const status = await runPage(request, response, url, tools);
    tools.logger?.info('sandbox page', { method: request.method, path: url.pathname, status });
    return;
  }
  let body: Result<unknown, BodyError> | null;
  try {
    body = takesBody(request, operation) ? await readJsonBody(request) : null;
  } catch {
    // The client went away before its whole request arrived: it never reached the gateway.
    tools.logger?.info('sandbox call abandoned before its body arrived', { operation });
    return;
  }
  const wait = tools.faults.takeDelay(operation, url.pathname);
  if (wait > 0) {
    try {
      await delay(wait, undefined, { signal: tools.closing });
    } catch {
      return;
    }
  }
  let reply = await runApi(request, body, api, url, tools, correlationId);
  if (reply === null) return;
  const afterCommit = tools.faults.takeAfterCommit(operation, url.pathname);
  if (afterCommit !== null) reply = problemReply(failureCodes[afterCommit], correlationId);
  // A Pay with a token is a Pay: its answer can be lost alike.
  const lost =
    (operation === 'pay' || operation === 'pay-token') && tools.faults.takeLostPayAnswer();
  const gone = request.socket.destroyed;
  tools.logger?.info('sandbox call', {
    operation,
    status: reply.status,
    code: reply.body.detailedResponseCode,
    correlationId,
    ms: Date.now() - started,
    answerLost: lost,
    clientGone: gone,
  });
  if (lost) {
    request.socket.destroy();
    return;
  }
  if (gone) return;
  // A call that was running when connections started being refused closes its connection too.
  if (tools.refusing()) response.setHeader('Connection', 'close');
  sendReply(response, reply, correlationId);
};
