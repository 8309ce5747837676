import { session, type Session, type WebPreferences } from 'electron';
import { denyPermissions } from './web-hardening';

/**
 * Chromium's Local Network Access asks before a page reaches a loopback address. Only the
 * Training runner, whose "issuer" is our own in-process sandbox on 127.0.0.1, grants it.
 */
const loopbackPermissions = ['local-network-access', 'loopback-network', 'local-network'];

/**
 * Gateway and issuer pages run with nothing of ours (DESIGN.md §4): no preload, sandboxed,
 * isolated, no Node, in a partition of their own. JavaScript stays on: the 3-D Secure
 * snippets submit their forms with it.
 */
export const challengeWebPreferences = (ses: Session): WebPreferences => ({
  session: ses,
  sandbox: true,
  contextIsolation: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  javascript: true,
  webviewTag: false,
  navigateOnDragDrop: false,
  spellcheck: false,
  safeDialogs: true,
  devTools: false,
});

/** The partition an attempt holds, and the attempt (keyed by its AbortSignal) holding it. */
export interface ChallengePartition {
  /**
   * The session for the attempt `signal` keys, once whatever the previous attempt left in
   * it is wiped. An attempt that never released it is wiped out first.
   */
  acquire(signal: AbortSignal): Promise<Session>;
  /** The attempt shows no more issuer pages: wipe the partition. No-op if it holds none. */
  release(signal: AbortSignal): Promise<void>;
  /** The session as it is now, for what is the same in every attempt (the user agent). */
  current(): Session;
}

/**
 * Everything an issuer page can leave behind: cookies, storage of every kind, the HTTP
 * cache (clearData covers them all), HTTP auth, and open connections (a kept-alive socket
 * would carry A's TLS session into B). The returnUrl catch of the attempt goes too.
 */
async function wipe(ses: Session): Promise<void> {
  ses.webRequest.onBeforeRequest(null);
  await Promise.all([ses.clearData(), ses.clearAuthCache(), ses.closeAllConnections()]);
}

/**
 * One in-memory partition (no `persist:` prefix: nothing outlives the process) reused by
 * every attempt of a runner, and wiped between attempts. Electron keeps a session for the
 * life of the process (electron#25631), so a partition per attempt would grow with every
 * sale. Attempt B waits for A's wipe before it gets the session; should a wipe fail, B gets
 * a fresh partition instead, so A's state still never reaches B.
 */
export function createChallengePartition(options: {
  name: string;
  allowLoopback: boolean;
  onWipeFailed(error: unknown): void;
}): ChallengePartition {
  let generation = 0;
  let ses: Session | null = null;
  const current = (): Session => {
    if (!ses) {
      ses = session.fromPartition(`${options.name}-${generation}`, { cache: false });
      denyPermissions(ses, options.allowLoopback ? loopbackPermissions : []);
    }
    return ses;
  };
  let holder: AbortSignal | null = null;
  let wiped: Promise<void> = Promise.resolve();

  const release = (signal: AbortSignal): Promise<void> => {
    if (holder !== signal) return wiped;
    holder = null;
    const used = current();
    wiped = wiped.then(() =>
      wipe(used).catch((error: unknown) => {
        options.onWipeFailed(error);
        generation += 1;
        ses = null;
      }),
    );
    return wiped;
  };

  return {
    async acquire(signal) {
      if (holder !== signal) {
        if (holder) void release(holder);
        await wiped;
        holder = signal;
      }
      return current();
    },
    release,
    current,
  };
}
