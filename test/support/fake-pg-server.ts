import { randomBytes } from 'node:crypto';
import { createServer, type Socket } from 'node:net';

/**
 * A PostgreSQL server on loopback that only ever asks for the password, for tests of what a
 * client sends when asked: it answers each startup message with the chosen authentication
 * request (AuthenticationCleartextPassword, AuthenticationMD5Password or a SCRAM-SHA-256
 * exchange up to the server-first message) and records every byte each connection sent.
 * It never lets anyone in: after the client's answer it hangs up.
 */
export type PasswordRequest = 'cleartext' | 'md5' | 'scram';

export interface RecordedConnection {
  /** Every byte the client sent, startup message included. */
  bytes: Buffer;
  /** The `user` of the startup message, once it arrived. */
  user: string | null;
  /** Password messages ('p') after the startup; a SCRAM initial response counts too. */
  passwordMessages: Buffer[];
  /** The SCRAM client-final message arrived: only a client holding a password sends it. */
  scramProofSent: boolean;
  /** The connection is over: whatever the client had to say, it said. */
  closed: boolean;
}

export interface FakePgServer {
  host: string;
  port: number;
  connections(): RecordedConnection[];
  close(): Promise<void>;
}

const int32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value);
  return bytes;
};

/** A backend message: type byte, length (itself included), body. */
const message = (type: string, body: Buffer) =>
  Buffer.concat([Buffer.from(type), int32(body.length + 4), body]);

const authentication = (code: number, data: Buffer = Buffer.alloc(0)) =>
  message('R', Buffer.concat([int32(code), data]));

const sslRequestCode = 80_877_103;
const protocol3 = 196_608;

function startupUser(body: Buffer): string | null {
  const fields = body.subarray(4).toString('utf8').split('\0');
  const at = fields.indexOf('user');
  return at >= 0 ? (fields[at + 1] ?? null) : null;
}

export async function startFakePgServer(
  request: PasswordRequest,
  where: { host?: string; port?: number } = {},
): Promise<FakePgServer> {
  const host = where.host ?? '127.0.0.1';
  const recorded: RecordedConnection[] = [];
  const sockets = new Set<Socket>();

  const serve = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const connection: RecordedConnection = {
      bytes: Buffer.alloc(0),
      user: null,
      passwordMessages: [],
      scramProofSent: false,
      closed: false,
    };
    recorded.push(connection);
    socket.on('close', () => {
      connection.closed = true;
    });
    let pending = Buffer.alloc(0);
    let started = false;
    let clientNonce = '';

    const answerPassword = (body: Buffer) => {
      connection.passwordMessages.push(body);
      if (request !== 'scram' || connection.passwordMessages.length > 1) {
        // The client answered with what it was asked for: that is what the test looks at.
        connection.scramProofSent = request === 'scram';
        socket.destroy();
        return;
      }
      // SASLInitialResponse: mechanism, length, then "n,,n=,r=<client nonce>".
      const mechanismEnd = body.indexOf(0);
      const first = body.subarray(mechanismEnd + 5).toString('utf8');
      clientNonce = /r=([^,]+)/.exec(first)?.[1] ?? '';
      const serverFirst = `r=${clientNonce}${randomBytes(18).toString('base64')},s=${randomBytes(16).toString('base64')},i=4096`;
      socket.write(authentication(11, Buffer.from(serverFirst)));
    };

    socket.on('data', (chunk: Buffer) => {
      connection.bytes = Buffer.concat([connection.bytes, chunk]);
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        if (!started) {
          if (pending.length < 4) return;
          const length = pending.readInt32BE(0);
          if (pending.length < length) return;
          const body = pending.subarray(4, length);
          pending = pending.subarray(length);
          const code = body.readInt32BE(0);
          if (code === sslRequestCode) {
            socket.write('N');
            continue;
          }
          if (code !== protocol3) {
            socket.destroy();
            return;
          }
          started = true;
          connection.user = startupUser(body);
          if (request === 'cleartext') socket.write(authentication(3));
          else if (request === 'md5') socket.write(authentication(5, randomBytes(4)));
          else socket.write(authentication(10, Buffer.from('SCRAM-SHA-256\0\0')));
          continue;
        }
        if (pending.length < 5) return;
        const type = String.fromCharCode(pending[0]!);
        const length = pending.readInt32BE(1);
        if (pending.length < length + 1) return;
        const body = pending.subarray(5, length + 1);
        pending = pending.subarray(length + 1);
        if (type === 'p') answerPassword(body);
        if (type === 'X') socket.end();
      }
    });
  };

  const server = createServer(serve);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    host,
    port,
    connections: () => recorded,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
