import pg from 'pg';
import { StoreUnavailableError } from './store-failures';

/**
 * node-postgres's handlers for a server asking for the password in clear text
 * (AuthenticationCleartextPassword) or as MD5 (AuthenticationMD5Password). Both hand the
 * password, or a hash that replays as well as it, to whoever answers on the store's address.
 */
const weakPasswordRequests = ['_handleAuthCleartextPassword', '_handleAuthMD5Password'] as const;

/**
 * The store's PostgreSQL client: answers a password request only through SCRAM-SHA-256, in
 * which the password never crosses the wire. node-postgres has no `require_auth`, so this
 * subclass replaces its two weak handlers and fails the connection instead, before any
 * byte of the password is written (`store-auth-not-scram`). A server that needs no password
 * (trust) still connects. Used by every store connection: the pool (`Client` option), the
 * LISTEN connection and the CLI.
 *
 * The handler names are node-postgres internals; should an upgrade rename them, the
 * replacement would silently stop applying, so a client refuses to exist at all then
 * (test/integration/store/scram-only-client.test.ts pins the behaviour on the wire).
 */
export class ScramOnlyClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const handlers = pg.Client.prototype as unknown as Record<string, unknown>;
    for (const name of weakPasswordRequests) {
      if (typeof handlers[name] !== 'function') {
        throw new Error(`node-postgres has no ${name} any more: ScramOnlyClient needs updating`);
      }
    }
  }

  _handleAuthCleartextPassword(): void {
    this.refuse('clear text');
  }

  _handleAuthMD5Password(): void {
    this.refuse('MD5');
  }

  private refuse(how: string): void {
    // The error first: it marks the connection failed, so closing it next is not read as
    // "terminated unexpectedly". Closing sends only the Terminate message.
    this.connection.emit(
      'error',
      new StoreUnavailableError(
        'store-auth-not-scram',
        `the store server asked for the password as ${how}; it is sent only through SCRAM-SHA-256`,
      ),
    );
    this.connection.end();
  }
}
