import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import type { Logger } from '../ports';
import type { GatewayError, GatewayOperation, GatewayResult } from './gateway-error';
import { codesSchema, problemDetailsSchema, refusalSchema } from './response-schemas';

/** Where and as whom a call goes; built per attempt so settings changes apply. */
export interface CallTarget {
  dispatcher: Dispatcher;
  baseUrl: URL;
  /** The full `Basic …` header value. Never logged. */
  authorization: string;
  language: 'en' | 'ar';
  logger: Logger;
  now: () => number;
}

export interface CallSpec<S extends z.ZodType> {
  operation: GatewayOperation;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  signal?: AbortSignal;
  /** Parses a 200 answer whose responseCode is 000. */
  schema: S;
}

const MAX_BODY_BYTES = 4 * 1024 * 1024;
const SUCCESS = '000';

const timeoutPhases: Record<string, 'connect' | 'headers' | 'body'> = {
  UND_ERR_CONNECT_TIMEOUT: 'connect',
  UND_ERR_HEADERS_TIMEOUT: 'headers',
  UND_ERR_BODY_TIMEOUT: 'body',
};

function thrownToError(operation: GatewayOperation, thrown: unknown, signal?: AbortSignal) {
  const code = (thrown as { code?: unknown } | null)?.code;
  if (signal?.aborted || code === 'UND_ERR_ABORTED') return { kind: 'aborted', operation } as const;
  const phase = typeof code === 'string' ? timeoutPhases[code] : undefined;
  if (phase) return { kind: 'timeout', operation, phase } as const;
  // Only the error code: a message could quote request details.
  return {
    kind: 'network',
    operation,
    detail: typeof code === 'string' ? code : 'unknown',
  } as const;
}

async function readBody(body: Dispatcher.ResponseData['body']): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) {
      body.destroy();
      return null;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Ids shown to the operator and journalled are bounded, whatever the gateway sends. */
const clipped = (text: string | null | undefined): string | null =>
  text ? text.slice(0, 128) : null;

function headerText(value: string | string[] | undefined): string | null {
  return clipped(Array.isArray(value) ? value[0] : value);
}

function classifyAnswer<S extends z.ZodType>(
  spec: CallSpec<S>,
  status: number,
  json: unknown,
  correlationId: string | null,
): GatewayResult<z.infer<S>> {
  const { operation } = spec;
  const codes = codesSchema.safeParse(json);
  if (status < 200 || status > 299) {
    const problem = problemDetailsSchema.safeParse(json ?? {});
    const error: GatewayError = {
      kind: 'http',
      operation,
      status,
      title: problem.success ? problem.data.title : null,
      fieldErrors: (problem.success && problem.data.errors) || {},
      codes: codes.success ? codes.data : null,
      // A proxy or framework error page may drop the header; ASP.NET's traceId still lets the
      // gateway's support find the request, so the operator gets that to quote instead.
      correlationId: correlationId ?? (problem.success ? clipped(problem.data.traceId) : null),
    };
    return { ok: false, error };
  }
  const invalid = (issue: string): GatewayResult<never> => ({
    ok: false,
    error: { kind: 'invalid-response', operation, status, issue, correlationId },
  });
  if (json === undefined) return invalid('body is not JSON');
  if (!codes.success) return invalid('no responseCode');
  if (codes.data.responseCode !== SUCCESS) {
    const refusal = refusalSchema.safeParse(json);
    const order = refusal.success ? (refusal.data.order ?? null) : null;
    const gatewayDecision = refusal.success ? refusal.data.gatewayDecision : null;
    return {
      ok: false,
      error: {
        kind: 'refused',
        operation,
        codes: codes.data,
        order,
        gatewayDecision,
        correlationId,
      },
    };
  }
  const parsed = spec.schema.safeParse(json);
  if (!parsed.success) {
    // Paths and issue kinds only: values could be card data echoed back.
    const first = parsed.error.issues[0];
    return invalid(first ? `${first.path.join('.') || '(body)'}: ${first.code}` : 'schema');
  }
  return { ok: true, value: parsed.data as z.infer<S>, correlationId };
}

/**
 * One JSON call to the gateway: sends, reads, classifies. Never throws; every way it can go
 * wrong comes back as a `GatewayError` value.
 */
export async function callGateway<S extends z.ZodType>(
  target: CallTarget,
  spec: CallSpec<S>,
): Promise<GatewayResult<z.infer<S>>> {
  const started = target.now();
  const basePath = target.baseUrl.pathname.replace(/\/+$/, '');
  const headers: Record<string, string> = {
    authorization: target.authorization,
    accept: 'application/json',
    'x-language': target.language,
  };
  if (spec.body !== undefined) headers['content-type'] = 'application/json';
  let result: GatewayResult<z.infer<S>>;
  try {
    const response = await target.dispatcher.request({
      origin: target.baseUrl.origin,
      path: `${basePath}${spec.path}`,
      method: spec.method,
      headers,
      body: spec.body === undefined ? null : JSON.stringify(spec.body),
      headersTimeout: spec.headersTimeoutMs,
      bodyTimeout: spec.bodyTimeoutMs,
      signal: spec.signal ?? null,
    });
    const correlationId = headerText(response.headers['x-correlation-id']);
    const json = parseJson(await readBody(response.body));
    // undici marks the connection idle a turn after the body ends; a call made before that
    // would open a second connection (and pay a handshake) instead of reusing this one.
    await nextTurn();
    result = classifyAnswer(spec, response.statusCode, json, correlationId);
  } catch (thrown) {
    result = { ok: false, error: thrownToError(spec.operation, thrown, spec.signal) };
  }
  const ms = target.now() - started;
  if (result.ok) {
    target.logger.info('gateway call', {
      operation: spec.operation,
      ms,
      correlationId: result.correlationId,
    });
  } else {
    const { error } = result;
    target.logger.warn('gateway call failed', {
      operation: spec.operation,
      ms,
      kind: error.kind,
      ...describe(error),
    });
  }
  return result;
}

function describe(error: GatewayError): Record<string, unknown> {
  switch (error.kind) {
    case 'http':
      return { status: error.status, correlationId: error.correlationId };
    case 'refused':
      return { responseCode: error.codes.responseCode, correlationId: error.correlationId };
    case 'timeout':
      return { phase: error.phase };
    case 'network':
      return { detail: error.detail };
    case 'invalid-response':
      return { status: error.status, issue: error.issue, correlationId: error.correlationId };
    case 'aborted':
      return {};
  }
}

/** One call with a client's target and timeouts, as the client's methods make them. */
export type GatewaySend = <S extends z.ZodType>(
  operation: GatewayOperation,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  schema: S,
  body?: unknown,
  signal?: AbortSignal,
  headersTimeoutMs?: number,
) => Promise<GatewayResult<z.infer<S>>>;

/** `send` for `target`: the usual header time limit unless a call names its own. */
export const gatewaySend =
  (target: CallTarget, timeouts: { headersMs: number; bodyMs: number }): GatewaySend =>
  (operation, method, path, schema, body, signal, headersTimeoutMs = timeouts.headersMs) =>
    callGateway(target, {
      operation,
      method,
      path,
      body,
      schema,
      signal,
      headersTimeoutMs,
      bodyTimeoutMs: timeouts.bodyMs,
    });
