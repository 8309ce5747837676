import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '../ports';
import { handleAdmin } from './admin';
import { findApiRoute, type ApiRoute } from './api-routes';
import { isAuthorized } from './auth';
import { gatewayCodes } from './codes';
import type { FaultPlan } from './faults';
import { encodeGatewayJson } from './gateway-json';
import type { SandboxInspector } from './inspect';
import type { SandboxEnvironment } from './operation-context';
import { findPage } from './pages/page-routes';
import { problemReply } from './problem-details';
import type { GatewayReply } from './reply';
import { readBody, readJsonBody } from './request-body';

export interface HandlerTools {
  readonly env: SandboxEnvironment;
  readonly faults: FaultPlan;
  readonly inspect: SandboxInspector;
  readonly logger: Logger | undefined;
  /** Aborted on close: pending latency waits end without answering. */
  readonly closing: AbortSignal;
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
  route: ApiRoute,
  orderId: string | null,
  url: URL,
  tools: HandlerTools,
  correlationId: string,
): Promise<GatewayReply> => {
  if (request.method !== route.method)
    return problemReply(gatewayCodes.methodNotAllowed, correlationId);
  if (!isAuthorized(request.headers.authorization, tools.env.merchant)) {
    return problemReply(gatewayCodes.unauthorized, correlationId, {
      Authorization: ['A valid Basic credential (public key and API password) is required.'],
    });
  }
  let body: unknown;
  if (route.method === 'POST') {
    const parsed = await readJsonBody(request);
    if (!parsed.ok) return problemReply(gatewayCodes[parsed.error], correlationId);
    body = parsed.value;
  }
  const language = request.headers['x-language'] === 'ar' ? 'ar' : 'en';
  return route.handler(tools.env, {
    body,
    query: url.searchParams,
    orderId,
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
  const reply = page.page(tools.env, form);
  response.writeHead(reply.status, reply.headers).end(reply.body);
  return reply.status;
};

/**
 * Every request: admin surface, injected failures (before anything runs), latency (API
 * calls), then the API call or page. A lost Pay answer destroys the socket after Pay ran.
 */
export const handleRequest = async (
  request: IncomingMessage,
  response: ServerResponse,
  tools: HandlerTools,
): Promise<void> => {
  const started = Date.now();
  const url = new URL(request.url ?? '/', tools.env.baseUrl);
  if (url.pathname.startsWith('/__sandbox/'))
    return handleAdmin(request, response, url.pathname, tools);
  const api = findApiRoute(url.pathname);
  const correlationId = tools.env.uuid();
  const failure = tools.faults.takeFailure(api?.route.operation ?? null, url.pathname);
  if (failure === 'hang') return;
  if (failure !== null) {
    request.resume();
    const code = failure === 503 ? gatewayCodes.unavailable : gatewayCodes.internalError;
    return sendReply(response, problemReply(code, correlationId), correlationId);
  }
  if (!api && /^\/(pgw|payment-intent)\//i.test(url.pathname)) {
    request.resume();
    return sendReply(response, problemReply(gatewayCodes.notFound, correlationId), correlationId);
  }
  if (!api) {
    const status = await runPage(request, response, url, tools);
    tools.logger?.info('sandbox page', { method: request.method, path: url.pathname, status });
    return;
  }
  if (tools.faults.latencyMs > 0) {
    try {
      await delay(tools.faults.latencyMs, undefined, { signal: tools.closing });
    } catch {
      return;
    }
  }
  const reply = await runApi(request, api.route, api.orderId, url, tools, correlationId);
  const lost = api.route.operation === 'pay' && tools.faults.takeLostPayAnswer();
  tools.logger?.info('sandbox call', {
    operation: api.route.operation,
    status: reply.status,
    code: reply.body.detailedResponseCode,
    correlationId,
    ms: Date.now() - started,
    answerLost: lost,
  });
  if (lost) {
    request.socket.destroy();
    return;
  }
  sendReply(response, reply, correlationId);
};
