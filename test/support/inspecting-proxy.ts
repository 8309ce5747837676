import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer, TLSSocket } from 'node:tls';
import { startSandbox, type Sandbox } from '../../main/core/sandbox';

/** A private certificate authority and one server certificate it signed, made with openssl. */
export interface PrivateCa {
  caPem: string;
  certPem: string;
  keyPem: string;
}

/** A CA as a company's TLS-inspecting proxy has, and a certificate for `hosts` signed by it. */
export function makePrivateCa(hosts: readonly string[]): PrivateCa {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-private-ca-'));
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  // A new P-256 key, unencrypted, written to `file`, for `openssl req`.
  const newKey = (file: string) => [
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    at(file),
  ];
  try {
    openssl(
      'req',
      '-x509',
      ...newKey('ca.key'),
      '-out',
      at('ca.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=Inspecting Proxy CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign',
    );
    openssl('req', ...newKey('server.key'), '-out', at('server.csr'), '-subj', `/CN=${hosts[0]}`);
    const names = hosts.map((host) => (/^[\d.]+$/.test(host) ? `IP:${host}` : `DNS:${host}`));
    writeFileSync(
      at('ext.cnf'),
      `subjectAltName=${names.join(',')}\nextendedKeyUsage=serverAuth\n`,
    );
    openssl(
      'x509',
      '-req',
      '-in',
      at('server.csr'),
      '-CA',
      at('ca.pem'),
      '-CAkey',
      at('ca.key'),
      '-CAcreateserial',
      '-out',
      at('server.pem'),
      '-days',
      '2',
      '-extfile',
      at('ext.cnf'),
    );
    return {
      caPem: readFileSync(at('ca.pem'), 'utf8'),
      certPem: readFileSync(at('server.pem'), 'utf8'),
      keyPem: readFileSync(at('server.key'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface InspectingProxy {
  /** `http://127.0.0.1:port`, what the OS proxy setting would name. */
  url: string;
  /** The same inspection without CONNECT, as a transparent proxy intercepts: TLS on `port`. */
  transparentPort: number;
  /** Every CONNECT target asked for, `host:port`. */
  tunnels: string[];
  /** Requests read inside the tunnels (method and path), as the inspection sees them. */
  inspected: string[];
  close(): Promise<void>;
}

/**
 * An HTTP CONNECT proxy on loopback that inspects TLS as corporate proxies do: it answers
 * every tunnel itself with a certificate of `ca`, reads the request in clear and sends it on
 * to `upstream` (an http origin: the sandbox). `refuse` makes it answer CONNECT with 403.
 */
export async function startInspectingProxy(options: {
  ca: PrivateCa;
  upstream: string;
  refuse?: boolean;
  /** The proxy itself speaks TLS (an `HTTPS host:port` PAC entry), with the same certificate. */
  secure?: boolean;
}): Promise<InspectingProxy> {
  const tunnels: string[] = [];
  const inspected: string[] = [];
  const sockets = new Set<Socket>();
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    inspected.push(`${req.method} ${req.url}`);
    const target = new URL(req.url ?? '/', options.upstream);
    const onward = request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    onward.on('error', () => res.destroy());
    req.pipe(onward);
  };
  const inside = createServer(forward);
  const refuseRequest = (_req: IncomingMessage, res: ServerResponse) => res.writeHead(405).end();
  const proxy = options.secure
    ? createHttpsServer({ key: options.ca.keyPem, cert: options.ca.certPem }, refuseRequest)
    : createServer(refuseRequest);
  proxy.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  proxy.on('connect', (req: IncomingMessage, client: Socket) => {
    tunnels.push(req.url ?? '');
    if (options.refuse) {
      client.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    const tls = new TLSSocket(client, {
      isServer: true,
      key: options.ca.keyPem,
      cert: options.ca.certPem,
    });
    // A client that refuses the certificate ends the handshake; that is the test's point.
    tls.on('error', () => client.destroy());
    inside.emit('connection', tls);
  });
  const transparent = createTlsServer({ key: options.ca.keyPem, cert: options.ca.certPem }, (tls) =>
    inside.emit('connection', tls),
  );
  transparent.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => transparent.listen(0, '127.0.0.1', resolve));
  return {
    url: `${options.secure ? 'https' : 'http'}://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    transparentPort: (transparent.address() as AddressInfo).port,
    tunnels,
    inspected,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      inside.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await new Promise<void>((resolve) => transparent.close(() => resolve()));
    },
  };
}

/** The host name the gateway has behind the inspecting proxy (never resolved: tunnelled). */
export const inspectedGatewayHost = 'gateway.paydesk.test';

export interface InspectedGateway {
  /** The real gateway: the sandbox, reached in clear by the proxy. */
  sandbox: Sandbox;
  /** The proxy's CA; its certificate names the gateway host and 127.0.0.1. */
  ca: PrivateCa;
  proxy: InspectingProxy;
  close(): Promise<void>;
}

/** A merchant's network: the gateway reached only through a proxy that inspects TLS. */
export async function startInspectedGateway(): Promise<InspectedGateway> {
  const sandbox = await startSandbox();
  const ca = makePrivateCa([inspectedGatewayHost, '127.0.0.1']);
  const proxy = await startInspectingProxy({ ca, upstream: sandbox.url });
  return {
    sandbox,
    ca,
    proxy,
    async close() {
      await proxy.close();
      await sandbox.close();
    },
  };
}
