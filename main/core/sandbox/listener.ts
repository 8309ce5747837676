import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../ports';

const listen = (server: Server, port: number, host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });

// If the port was taken while it was closed (another process grabbed it), try again: the
// sandbox must come back on its own address, or clients configured with it stay lost.
const relistenRetryMs = 100;

/**
 * The sandbox's listening socket: opened once, closed for a while by the refuseConnections
 * fault (a real ECONNREFUSED for new connections; idle kept-alive ones are dropped too, so
 * a client cannot slip through on an old socket), then opened again on the same port.
 */
export class SandboxListener {
  private refusedUntil = 0;
  private reopenTimer: NodeJS.Timeout | undefined;
  private closed = false;

  private constructor(
    private readonly server: Server,
    readonly port: number,
    private readonly host: string,
    private readonly logger: Logger | undefined,
  ) {}

  static async open(
    server: Server,
    port: number,
    host: string,
    logger?: Logger,
  ): Promise<SandboxListener> {
    return new SandboxListener(server, await listen(server, port, host), host, logger);
  }

  refusing(): boolean {
    return this.reopenTimer !== undefined;
  }

  /** Refuses new connections for `ms` from now (a second call extends or shortens it). */
  refuse(ms: number): void {
    if (this.closed) return;
    this.refusedUntil = Date.now() + ms;
    if (this.server.listening) {
      this.server.close();
      this.server.closeIdleConnections();
    }
    clearTimeout(this.reopenTimer);
    this.reopenTimer = setTimeout(() => this.reopen(), ms);
  }

  private reopen(): void {
    const wait = this.refusedUntil - Date.now();
    if (this.closed) return;
    if (wait > 0) {
      this.reopenTimer = setTimeout(() => this.reopen(), wait);
      return;
    }
    listen(this.server, this.port, this.host).then(
      () => {
        this.reopenTimer = undefined;
      },
      (error: unknown) => {
        this.logger?.error('sandbox could not listen again', { error: String(error) });
        this.reopenTimer = setTimeout(() => this.reopen(), relistenRetryMs);
      },
    );
  }

  /** Stops listening for good and drops every connection, hanging ones included. */
  close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reopenTimer);
    this.reopenTimer = undefined;
    return new Promise<void>((resolve) => {
      if (this.server.listening) this.server.close(() => resolve());
      else resolve();
      this.server.closeAllConnections();
    });
  }
}
