import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../../main/core/sandbox';
import { basicCredential, paths, sessionBody, type Json } from './sandbox-client';

// DNS rebinding: a page that points its own name at 127.0.0.1 reaches the sandbox with that
// name in Host. fetch sets Host itself, so these requests are written with node:http.

let sandbox: Sandbox;
let port: number;
beforeAll(async () => {
  sandbox = await startSandbox();
  port = Number(new URL(sandbox.url).port);
});
afterAll(() => sandbox.close());

interface RawAnswer {
  status: number;
  body: Json;
  correlationId: string | undefined;
}

/** A session call (a valid one) with the Host given, or none at all when null. */
const sessionWithHost = (host: string | null, path: string = paths.session) =>
  new Promise<RawAnswer>((resolve, reject) => {
    const body = JSON.stringify(sessionBody(sandbox));
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        setHost: false,
        headers: {
          ...(host === null ? {} : { Host: host }),
          Authorization: basicCredential(sandbox.merchantPublicKey, sandbox.apiPassword),
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: incoming.statusCode ?? 0,
            body: text.length > 0 ? JSON.parse(text) : null,
            correlationId: incoming.headers['x-correlation-id'] as string | undefined,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });

const expectMisdirected = (answer: RawAnswer) => {
  expect(answer.status).toBe(421);
  expect(answer.body).toMatchObject({
    status: 421,
    title: 'Misdirected Request',
    responseCode: '001',
    detailedResponseCode: '001.002',
  });
  expect(answer.body.traceId).toContain(answer.correlationId?.replace(/-/g, ''));
};

describe('the Host header', () => {
  // The port is the one the client connected to; a loopback proxy in front sends its own.
  test.each(['127.0.0.1:PORT', 'localhost:PORT', 'LocalHost:PORT', '127.0.0.1:8080', 'localhost'])(
    '%s is the sandbox: the call runs',
    async (host) => {
      const answer = await sessionWithHost(host.replace('PORT', String(port)));
      expect(answer.status).toBe(200);
      expect(answer.body.detailedResponseCode).toBe('000');
      expect(answer.body.session.id).toEqual(expect.any(String));
    },
  );

  test.each([
    'evil.example:PORT',
    'evil.example',
    'localhost.evil.example:PORT',
    '127.0.0.1.nip.io:PORT',
    '127.0.0.1:PORT:PORT',
    '127.0.0.1:port',
    '127.0.0.1@evil.example',
    '[::1]:PORT',
    '',
  ])('%j is another host: 421 001.002', async (host) => {
    expectMisdirected(await sessionWithHost(host.replace('PORT', String(port))));
  });

  test('no Host at all: 421 001.002', async () => {
    expectMisdirected(await sessionWithHost(null));
  });

  test('is checked before anything runs: faults, pages and the admin surface included', async () => {
    const evil = `evil.example:${port}`;
    sandbox.faults.failNext('session', 1, 503);
    expectMisdirected(await sessionWithHost(evil));
    // The fault was not used up by the refused call: the next real one takes it.
    expect((await sessionWithHost(`127.0.0.1:${port}`)).status).toBe(503);
    expectMisdirected(await sessionWithHost(evil, '/__sandbox/faults'));
    expectMisdirected(await sessionWithHost(evil, '/acs/challenge'));
    expectMisdirected(await sessionWithHost(evil, '/pay/no-such-link'));
  });
});
