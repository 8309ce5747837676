import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createConnectionPool,
  type ConnectionPool,
} from '../../../main/core/gateway/connection-pool';
import { createGatewayClient, type GatewayClient } from '../../../main/core/gateway/gateway-client';
import { createLineSink } from '../../../main/core/logging/line-sink';
import { createLogger } from '../../../main/core/logging/redacting-logger';
import { startSandbox, type Sandbox } from '../../../main/core/sandbox';
import { startTcpDelayProxy } from '../../bench/tcp-delay-proxy';

const timeouts = { connectMs: 1_000, headersMs: 600, bodyMs: 600, payHeadersMs: 600 };
let sandbox: Sandbox;
let pool: ConnectionPool;
const logLines: string[] = [];

const clientFor = (baseUrl: string, apiPassword = sandbox.apiPassword): GatewayClient =>
  createGatewayClient({
    baseUrl: new URL(baseUrl),
    credentials: { merchantPublicKey: sandbox.merchantPublicKey, apiPassword },
    dispatcher: pool.dispatcher(new URL(baseUrl).origin),
    timeouts,
    language: 'en',
    logger: createLogger(createLineSink((line) => logLines.push(line), Date.now)),
    now: Date.now,
  });

const session = (client: GatewayClient, amount = 125.5) =>
  client.createSession({
    amount,
    currency: 'SAR',
    merchantReferenceId: `ref-${Math.random()}`,
    timestamp: new Date().toISOString(),
  });

/** A stand-in gateway answering whatever a test wants, for shapes the sandbox never sends. */
async function fakeGateway(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => server.close(() => resolve()) && server.closeAllConnections()),
  };
}

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  pool = createConnectionPool({ connectTimeoutMs: 1_000 });
});
afterEach(async () => {
  sandbox.faults.clear();
  await pool.close();
});

describe('gateway client against the sandbox', () => {
  it('Create Session: signed, answered, with the correlation id', async () => {
    const created = await session(clientFor(sandbox.url), 1234.5);
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(created.value.session.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.correlationId).toBeTruthy();
  });

  it('a wrong password is an http error with the gateway code; the credential is never logged', async () => {
    const created = await session(clientFor(sandbox.url, 'not-the-password'));
    expect(created).toMatchObject({
      ok: false,
      error: { kind: 'http', status: 401, operation: 'session' },
    });
    const text = logLines.join('');
    expect(text).toContain('gateway call failed');
    expect(text).not.toContain('not-the-password');
    expect(text).not.toMatch(/Basic [A-Za-z0-9+/=]{8,}/);
  });

  it('a business refusal (HTTP 200, non-000) is `refused` with both codes', async () => {
    const initiated = await clientFor(sandbox.url).initiateAuthentication({
      sessionId: '00000000-0000-4000-8000-000000000000',
      cardNumber: '5123450000000008',
      returnUrl: 'https://return.paydesk.test/3ds/x',
    });
    expect(initiated).toMatchObject({
      ok: false,
      error: { kind: 'refused', codes: { responseCode: '200', detailedResponseCode: '200.001' } },
    });
  });

  it('a malformed request is `http` with the problem details field errors', async () => {
    const client = clientFor(sandbox.url);
    const created = await session(client);
    if (!created.ok) throw new Error('no session');
    const initiated = await client.initiateAuthentication({
      sessionId: created.value.session.id,
      cardNumber: '5123450000000008',
      returnUrl: 'http://return.paydesk.test/3ds/x',
    });
    expect(initiated.ok).toBe(false);
    if (initiated.ok) return;
    expect(initiated.error).toMatchObject({ kind: 'http', status: 400 });
    expect(initiated.error.kind === 'http' && Object.keys(initiated.error.fieldErrors)).toEqual([
      'returnUrl',
    ]);
  });

  it.each([
    [500, 'http'],
    [503, 'http'],
    ['hang', 'timeout'],
  ] as const)('a %s fault is `%s`', async (fault, kind) => {
    sandbox.faults.failNext('session', 1, fault);
    const created = await session(clientFor(sandbox.url));
    expect(created).toMatchObject({ ok: false, error: { kind } });
    if (kind === 'timeout') expect(created).toMatchObject({ error: { phase: 'headers' } });
  });

  it('nothing listening is `network`', async () => {
    expect(await session(clientFor('http://127.0.0.1:9'))).toMatchObject({
      ok: false,
      error: { kind: 'network' },
    });
  });

  it('an aborted call is `aborted`', async () => {
    sandbox.faults.setLatency(300);
    const controller = new AbortController();
    const pending = clientFor(sandbox.url).getOrder('o-1', controller.signal);
    setTimeout(() => controller.abort(), 20);
    expect(await pending).toMatchObject({ ok: false, error: { kind: 'aborted' } });
  });

  it('keeps one connection alive across calls, and warm() opens it ahead of need', async () => {
    const proxy = await startTcpDelayProxy(sandbox.url, 0);
    try {
      expect(await pool.warm(new URL(proxy.url).origin)).toBe(true);
      expect(proxy.connections).toBe(1);
      const client = clientFor(proxy.url);
      for (let i = 0; i < 4; i += 1) expect((await session(client)).ok).toBe(true);
      expect(proxy.connections).toBe(1);
    } finally {
      await proxy.close();
    }
  });
});

describe('response parsing (lenient on extras, strict on what is used)', () => {
  const initiateAt = (url: string) =>
    clientFor(url).initiateAuthentication({
      sessionId: 's',
      cardNumber: '5123450000000008',
      returnUrl: 'https://r/3ds/1',
    });
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    fakeGateway((_req, res) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'x-correlation-id': 'corr-7',
        ...headers,
      });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
  const ok = {
    responseCode: '000',
    detailedResponseCode: '000',
    responseMessage: 'Success',
    detailedResponseMessage: 'ok',
  };
  const initiateBody = {
    ...ok,
    orderId: 'o-1',
    threeDSecureId: 't-1',
    gatewayDecision: 'ContinueToPayer',
    futureField: { x: 1 },
  };

  it.each([
    ['htmlBodyContent', { ...initiateBody, htmlBodyContent: '<form></form>' }],
    ['redirectHtml', { ...initiateBody, redirectHtml: '<form></form>', htmlBodyContent: null }],
  ])('reads the snippet from %s', async (_name, body) => {
    const fake = await answer(200, body);
    try {
      const initiated = await initiateAt(fake.url);
      expect(initiated).toEqual({
        ok: true,
        correlationId: 'corr-7',
        value: {
          orderId: 'o-1',
          threeDSecureId: 't-1',
          gatewayDecision: 'ContinueToPayer',
          html: '<form></form>',
        },
      });
    } finally {
      await fake.close();
    }
  });

  it.each([
    ['not JSON', 'Service Unavailable', 'body is not JSON'],
    ['no codes', { orderId: 'o-1' }, 'no responseCode'],
    [
      'a used field of the wrong type',
      { ...ok, orderId: 42, gatewayDecision: 'ContinueToPay' },
      'orderId: invalid_type',
    ],
  ])('%s is `invalid-response`', async (_name, body, issue) => {
    const fake = await answer(200, body);
    try {
      const initiated = await initiateAt(fake.url);
      expect(initiated).toMatchObject({
        ok: false,
        error: { kind: 'invalid-response', issue, correlationId: 'corr-7' },
      });
    } finally {
      await fake.close();
    }
  });

  it.each([
    ['with the header, the header wins', { 'x-correlation-id': 'corr-7' }, 'corr-7'],
    ['without the header, the problem traceId', { 'x-correlation-id': '' }, '00-abc-01-00'],
  ])('a 4xx problem-details answer: %s', async (_name, headers, expected) => {
    const fake = await answer(400, { title: 'Bad', status: 400, traceId: '00-abc-01-00' }, headers);
    try {
      expect(await initiateAt(fake.url)).toMatchObject({
        ok: false,
        error: { kind: 'http', status: 400, title: 'Bad', correlationId: expected },
      });
    } finally {
      await fake.close();
    }
  });

  it('sends the Basic credential, JSON headers and the language', async () => {
    let seen: IncomingMessage['headers'] = {};
    const fake = await fakeGateway((req, res) => {
      seen = req.headers;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ...ok, session: { id: 's-1' } }));
    });
    try {
      await session(clientFor(fake.url));
      const expected = Buffer.from(`${sandbox.merchantPublicKey}:${sandbox.apiPassword}`).toString(
        'base64',
      );
      expect(seen).toMatchObject({
        authorization: `Basic ${expected}`,
        'content-type': 'application/json',
        accept: 'application/json',
        'x-language': 'en',
      });
    } finally {
      await fake.close();
    }
  });
});

describe('paymentOperation (holds)', () => {
  it('the session fixes it: an authentication call naming another operation is refused', async () => {
    const client = clientFor(sandbox.url);
    const created = await client.createSession({
      amount: 10,
      currency: 'SAR',
      merchantReferenceId: `hold-${Math.random()}`,
      timestamp: new Date().toISOString(),
      operation: 'PreAuthorize',
    });
    if (!created.ok) throw new Error('no session');
    const input = {
      sessionId: created.value.session.id,
      cardNumber: '5123456789012346',
      returnUrl: 'https://return.example/3ds/a',
    };
    const mismatched = await client.initiateAuthentication({ ...input, operation: 'Pay' });
    expect(mismatched.ok ? null : mismatched.error).toMatchObject({
      kind: 'refused',
      codes: { detailedResponseCode: '300.006' },
    });
    const matched = await client.initiateAuthentication({ ...input, operation: 'PreAuthorize' });
    expect(matched.ok).toBe(true);
  });
});
