import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { failureKindSchema, type FaultPlan } from './faults';
import type { SandboxInspector } from './inspect';
import { readJsonBody } from './request-body';

const faultsSchema = z.strictObject({
  clear: z.boolean().optional(),
  latencyMs: z.number().int().min(0).optional(),
  failNext: z
    .strictObject({
      target: z.string().min(1),
      count: z.number().int().min(1),
      kind: failureKindSchema,
    })
    .optional(),
  losePayAnswer: z.number().int().min(1).optional(),
});

const sendJson = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
};

/**
 * The sandbox's own control surface (not part of the gateway), for a sandbox running in
 * another process: POST /__sandbox/faults sets faults, GET /__sandbox/orders/{id} reads a
 * snapshot. Loopback only, as the whole sandbox: it listens on 127.0.0.1 and nowhere else.
 */
export const handleAdmin = async (
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  tools: { faults: FaultPlan; inspect: SandboxInspector },
): Promise<void> => {
  const orderMatch = /^\/__sandbox\/orders\/([^/]+)$/.exec(path);
  if (request.method === 'GET' && orderMatch?.[1]) {
    const order = tools.inspect.order(decodeURIComponent(orderMatch[1]));
    return order
      ? sendJson(response, 200, order)
      : sendJson(response, 404, { error: 'no such order' });
  }
  if (request.method !== 'POST' || path !== '/__sandbox/faults')
    return sendJson(response, 404, { error: 'no such admin endpoint' });
  const body = await readJsonBody(request);
  const parsed = body.ok ? faultsSchema.safeParse(body.value) : null;
  if (!parsed?.success)
    return sendJson(response, 400, {
      error: 'body must be {clear?, latencyMs?, failNext?, losePayAnswer?}',
    });
  const { clear, latencyMs, failNext, losePayAnswer } = parsed.data;
  if (clear) tools.faults.clear();
  if (latencyMs !== undefined) tools.faults.setLatency(latencyMs);
  if (failNext) tools.faults.failNext(failNext.target, failNext.count, failNext.kind);
  if (losePayAnswer !== undefined) tools.faults.losePayAnswer(losePayAnswer);
  response.writeHead(204).end();
};
