import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import {
  afterCommitStatusSchema,
  failureKindSchema,
  holdLifetimeSchema,
  MAX_FAULT_DELAY_MS,
  payEndings,
  type FaultPlan,
} from './faults';
import type { SandboxInspector } from './inspect';
import { plantedOrderSchema } from './planted-order';
import type { OutboxMessage } from './links/link-record';
import { readJsonBody } from './request-body';
import { merchantConfigChangeSchema } from './tokens/merchant-config';
import { plantedTokenSchema } from './tokens/planted-token';

const count = z.number().int().min(1);
const delayMs = z.number().int().min(0).max(MAX_FAULT_DELAY_MS);
const target = z.string().min(1);

const faultsSchema = z.strictObject({
  clear: z.boolean().optional(),
  latencyMs: delayMs.optional(),
  failNext: z.strictObject({ target, count, kind: failureKindSchema }).optional(),
  delayNext: z.strictObject({ target, count, delayMs }).optional(),
  failAfterCommit: z.strictObject({ target, count, status: afterCommitStatusSchema }).optional(),
  losePayAnswer: count.optional(),
  chargeCancelledOrders: count.optional(),
  payLandsLate: z.strictObject({ count, delayMs }).optional(),
  orderReadLag: delayMs.optional(),
  payEndsAs: z.strictObject({ count, status: z.enum(payEndings) }).optional(),
  refuseConnections: delayMs.optional(),
  expireHoldsAfter: holdLifetimeSchema.optional(),
  plantOrder: plantedOrderSchema.optional(),
  methodPageMs: delayMs.optional(),
  merchantConfig: merchantConfigChangeSchema.optional(),
  expireToken: target.optional(),
  plantToken: plantedTokenSchema.optional(),
});
type FaultsBody = z.infer<typeof faultsSchema>;

const sendJson = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
};

// Digests make both sides the same length, which timingSafeEqual requires.
const digest = (text: string) => createHash('sha256').update(text).digest();

const hasToken = (header: string | undefined, token: string): boolean => {
  const given = /^bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
};

/** Applies a checked body in a fixed order: clear first, so one call can reset and set. */
const applyFaults = (faults: FaultPlan, body: FaultsBody): void => {
  if (body.clear) faults.clear();
  if (body.latencyMs !== undefined) faults.setLatency(body.latencyMs);
  if (body.failNext) faults.failNext(body.failNext.target, body.failNext.count, body.failNext.kind);
  if (body.delayNext) {
    const { target: name, count: times, delayMs: ms } = body.delayNext;
    faults.delayNext(name, times, ms);
  }
  if (body.failAfterCommit) {
    const { target: name, count: times, status } = body.failAfterCommit;
    faults.failAfterCommit(name, times, status);
  }
  if (body.losePayAnswer !== undefined) faults.losePayAnswer(body.losePayAnswer);
  if (body.chargeCancelledOrders !== undefined)
    faults.chargeCancelledOrders(body.chargeCancelledOrders);
  if (body.payLandsLate) faults.payLandsLate(body.payLandsLate.count, body.payLandsLate.delayMs);
  if (body.orderReadLag !== undefined) faults.orderReadLag(body.orderReadLag);
  if (body.payEndsAs) faults.payEndsAs(body.payEndsAs.count, body.payEndsAs.status);
  if (body.expireHoldsAfter !== undefined) faults.expireHoldsAfter(body.expireHoldsAfter);
  if (body.methodPageMs !== undefined) faults.setMethodPageDuration(body.methodPageMs);
  if (body.merchantConfig) faults.setMerchantConfig(body.merchantConfig);
};

/**
 * The sandbox's own control surface (not part of the gateway), for a sandbox running in
 * another process: POST /__sandbox/faults sets faults, GET /__sandbox/orders/{id} reads a
 * snapshot. It needs the sandbox's own credential (`Authorization: Bearer <adminToken>`),
 * not the merchant's: a page or client that knows the Training merchant key cannot break
 * Training mode. Loopback only, as the whole sandbox.
 */
export const handleAdmin = async (
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  tools: {
    faults: FaultPlan;
    inspect: SandboxInspector;
    adminToken: string;
    env: { state: { outbox: readonly OutboxMessage[] } };
  },
): Promise<void> => {
  if (!hasToken(request.headers.authorization, tools.adminToken)) {
    request.resume();
    return sendJson(response, 401, { error: 'Authorization: Bearer <admin token> required' });
  }
  // The customer's side of payment links: every SMS and email sent, oldest first.
  if (request.method === 'GET' && path === '/__sandbox/outbox')
    return sendJson(response, 200, { messages: tools.env.state.outbox });
  const orderMatch = /^\/__sandbox\/orders\/([^/]+)$/.exec(path);
  if (request.method === 'GET' && orderMatch?.[1]) {
    const order = tools.inspect.order(decodeURIComponent(orderMatch[1]));
    return order
      ? sendJson(response, 200, order)
      : sendJson(response, 404, { error: 'no such order' });
  }
  if (request.method !== 'POST' || path !== '/__sandbox/faults') {
    request.resume();
    return sendJson(response, 404, { error: 'no such admin endpoint' });
  }
  const body = await readJsonBody(request);
  const parsed = body.ok ? faultsSchema.safeParse(body.value) : null;
  if (!parsed?.success) {
    const issue = parsed?.error.issues[0];
    return sendJson(response, 400, {
      error: issue
        ? `${issue.path.join('.') || 'body'}: ${issue.message}`
        : 'body must be a JSON object (Content-Type: application/json)',
      fields: Object.keys(faultsSchema.shape),
    });
  }
  applyFaults(tools.faults, parsed.data);
  // A planted order's or token's id is what the caller needs next, so that answer has a body.
  const planted = parsed.data.plantOrder ? tools.faults.plantOrder(parsed.data.plantOrder) : null;
  const answer: Record<string, unknown> = {};
  if (planted) answer.plantedOrderIds = planted;
  if (parsed.data.expireToken !== undefined)
    answer.tokenExpired = tools.faults.expireToken(parsed.data.expireToken);
  if (parsed.data.plantToken) {
    try {
      answer.plantedTokenId = tools.faults.plantToken(parsed.data.plantToken);
    } catch (error) {
      return sendJson(response, 400, { error: `plantToken: ${String(error)}` });
    }
  }
  const refuseMs = parsed.data.refuseConnections;
  // The listener closes once this answer is out, so the caller learns that it took effect.
  if (refuseMs !== undefined)
    response.once('finish', () => tools.faults.refuseConnections(refuseMs));
  if (Object.keys(answer).length > 0) return sendJson(response, 200, answer);
  response.writeHead(204).end();
};
