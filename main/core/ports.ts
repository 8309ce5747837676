import type { IpcEventName, IpcEventPayload } from '../../shared/ipc';

/**
 * The core's outside world (DESIGN.md §1, "ports, not imports"). Electron supplies one set
 * of adapters (main/electron), the browser host another (main/preview, temp dirs, fake clocks), so the
 * core runs and is tested in plain Node.
 */

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /**
   * Milliseconds on a clock that never jumps (wall-clock changes do not move it); deadlines
   * within one process use it. Absent: `performance.now()`.
   */
  monotonic?(): number;
}

export interface IdGenerator {
  /** A new RFC 4122 v4 GUID. */
  uuid(): string;
}

/** Merchant credentials, read at call time so a settings change applies to the next call. */
export interface GatewayCredentials {
  merchantPublicKey: string;
  apiPassword: string;
}

/**
 * Credentials with the gateway origin they were saved for (`https://host[:port]`). The
 * engine sends them to that origin only, whatever the base URL says by then.
 */
export interface BoundCredentials extends GatewayCredentials {
  origin: string;
}

export interface SecretReader {
  /** Null when the merchant has not entered credentials yet. */
  credentials(): Promise<BoundCredentials | null>;
}

/** How a 3-D Secure page run ended. */
export type ChallengeOutcome =
  { kind: 'returned'; code: string; msg: string } | { kind: 'cancelled' } | { kind: 'expired' };

/**
 * Runs gateway HTML in a browser the customer can see (challenge) or cannot (method), and
 * reports the returnUrl's `code` and `msg`. Electron: a sandboxed modal window whose session
 * intercepts the return origin. Tests: a Playwright page with route interception.
 */
export interface ChallengeRunner {
  /** The user agent of the browser that will run the challenge (device identification). */
  userAgent(): Promise<string>;
  /**
   * Runs the 3-D Secure method snippet hidden, for at most `timeoutMs`. Resolves either way:
   * a method that does not finish must not block the payment. Requests to the return host
   * are caught as in the challenge (return-catch.ts): cancelled, and a navigation there ends
   * the method page at once.
   */
  runMethod(
    html: string,
    options: { timeoutMs: number; signal: AbortSignal; returnUrl: string },
  ): Promise<void>;
  /**
   * Shows the challenge and resolves when the page navigates (any frame, GET or POST) to a
   * URL starting with `returnUrl`, when the operator closes it (`cancelled`), when `signal`
   * aborts (`cancelled`), or at `deadline` epoch ms (`expired`).
   */
  runChallenge(
    html: string,
    options: { returnUrl: string; deadline: number; signal: AbortSignal },
  ): Promise<ChallengeOutcome>;
  /**
   * The attempt keyed by `signal` shows no more issuer pages: wipe what they stored. A
   * frictionless attempt runs the method page and no challenge, so only this clears it.
   */
  endAttempt(signal: AbortSignal): Promise<void>;
}

/** Log lines pass through a redactor before they reach any sink (card numbers never do). */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Where files go: Electron answers with a save dialog, the test host with a temp directory. */
export interface SaveTarget {
  /** The path to write to, or null when the operator dismissed the dialog. */
  choosePath(request: { defaultName: string; kind: 'pdf' | 'csv' }): Promise<string | null>;
}

export type CoreEventListener<E extends IpcEventName> = (payload: IpcEventPayload<E>) => void;

/**
 * What main pushes to the renderer (shared/ipc.ts `ipcEvents`): Electron forwards each event
 * with webContents.send, the test host with page.evaluate.
 */
export interface CoreEvents {
  on<E extends IpcEventName>(event: E, listener: CoreEventListener<E>): () => void;
  emit<E extends IpcEventName>(event: E, payload: IpcEventPayload<E>): void;
}

/** A gateway token as Paydesk keeps it: never a card number, never a CVV. */
export interface SavedCardToken {
  tokenId: string;
  /** First 6 + last 4 as the gateway masks it. */
  maskedCard: string;
  brand: string | null;
  expiryMonth: number; // 1-12
  expiryYear: number; // four digits
}
export interface CardAgreement {
  id: string;
  type: 'Unscheduled' | 'Recurring';
}
/** Where the engine hands a token the gateway issued, and a token the gateway refused. */
export interface SavedCardSink {
  tokenIssued(facts: {
    attemptId: string;
    customerId: string;
    consentId: string;
    agreement: CardAgreement;
    operator: string | null;
    token: SavedCardToken;
  }): void;
  tokenRefused(facts: { customerId: string; cardId: string; code: string; expired: boolean }): void;
}
