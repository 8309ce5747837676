import { BrowserWindow, session, type Session } from 'electron';
import { writeGatewayDocument } from '../core/challenge/gateway-document';
import { isAllowedChallengeNavigation } from '../core/challenge/navigation-policy';
import { catchReturnRequest } from '../core/challenge/return-catch';
import type { ChallengeOutcome, ChallengeRunner, Clock, IdGenerator, Logger } from '../core/ports';
import {
  challengeWebPreferences,
  disposeChallengeSession,
  openChallengeSession,
} from './challenge-session';
import { denyNewWindows, guardNavigation } from './web-hardening';

export interface ElectronChallengeOptions {
  /** The main window, parent of the modal challenge window. */
  parent: () => BrowserWindow | null;
  /** The Training sandbox's origin, or null for the live runner. */
  allowedHttpOrigin: string | null;
  ids: IdGenerator;
  clock: Clock;
  logger: Logger;
}

/** After the method page stops loading, how long it must stay idle to count as finished. */
const methodSettleMs = 300;

const bodyOf = (uploadData: { bytes?: Buffer }[] | undefined): Uint8Array | null => {
  const chunks = (uploadData ?? []).flatMap((part) => (part.bytes ? [part.bytes] : []));
  return chunks.length ? Buffer.concat(chunks) : null;
};

/**
 * Every request of the attempt's session passes the returnUrl catch (return-catch.ts): the
 * host is matched canonically in code, not by a URL filter, which `return.example.com.` or a
 * port would escape. The request is cancelled before DNS, in whichever frame, GET or POST.
 */
function catchReturns(
  ses: Session,
  returnUrl: string,
  onOutcome: (outcome: ChallengeOutcome) => void,
): void {
  ses.webRequest.onBeforeRequest({ urls: ['*://*/*'] }, (details, callback) => {
    const isNavigation =
      details.resourceType === 'mainFrame' || details.resourceType === 'subFrame';
    const request = {
      url: details.url,
      method: details.method,
      contentType: null,
      body: bodyOf(details.uploadData),
    };
    const caught = catchReturnRequest(request, returnUrl, isNavigation);
    callback({ cancel: caught.cancel });
    if (caught.outcome) onOutcome(caught.outcome);
  });
}

/** See writeGatewayDocument for why the HTML goes into a blank document this way. */
async function loadGatewayHtml(window: BrowserWindow, html: string): Promise<void> {
  await window.loadURL('about:blank');
  await window.webContents.executeJavaScript(writeGatewayDocument(html));
}

/**
 * The 3-D Secure pages in Electron (DESIGN.md §3 steps 3 and 5, §4). One in-memory partition
 * per attempt, shared by the hidden method window and the challenge window so the issuer
 * sees one browser. The engine passes the same AbortSignal to both calls of an attempt, so
 * the signal keys the partition; a call with a new signal gets a fresh one.
 */
export function createElectronChallengeRunner(options: ElectronChallengeOptions): ChallengeRunner {
  const { allowedHttpOrigin, logger } = options;
  const partitions = new WeakMap<AbortSignal, Session>();
  const sessionFor = (signal: AbortSignal): Session => {
    const existing = partitions.get(signal);
    if (existing) return existing;
    const ses = openChallengeSession(`challenge-${options.ids.uuid()}`, allowedHttpOrigin !== null);
    partitions.set(signal, ses);
    return ses;
  };
  /** Forgets the attempt's partition and wipes it; the next call with this signal gets a new one. */
  const release = async (signal: AbortSignal) => {
    const ses = partitions.get(signal);
    if (!ses) return;
    partitions.delete(signal);
    await disposeChallengeSession(ses);
  };
  const harden = (window: BrowserWindow) => {
    denyNewWindows(window.webContents, false);
    guardNavigation(window.webContents, (url) =>
      isAllowedChallengeNavigation(url, allowedHttpOrigin),
    );
  };

  return {
    // Every challenge partition is created the same way, so a dedicated in-memory one
    // reports the user agent the challenge window will send.
    userAgent: async () => session.fromPartition('challenge-user-agent').getUserAgent(),

    runMethod(html, { timeoutMs, signal, returnUrl }) {
      const ses = sessionFor(signal);
      const window = new BrowserWindow({
        show: false,
        webPreferences: challengeWebPreferences(ses),
      });
      harden(window);
      window.webContents.setAudioMuted(true);
      return new Promise<void>((resolve) => {
        let settle: NodeJS.Timeout | undefined;
        const finish = () => {
          clearTimeout(deadline);
          clearTimeout(settle);
          signal.removeEventListener('abort', finish);
          if (!window.isDestroyed()) window.destroy();
          resolve();
        };
        const deadline = setTimeout(finish, timeoutMs);
        signal.addEventListener('abort', finish, { once: true });
        catchReturns(ses, returnUrl, () => {
          logger.warn('3-D Secure method page navigated to the return host');
          finish();
        });
        // The snippet posts into an iframe, which may start after the first stop: finished
        // means stopped and still idle a moment later.
        window.webContents.on('did-start-loading', () => clearTimeout(settle));
        window.webContents.on('did-stop-loading', () => {
          clearTimeout(settle);
          settle = setTimeout(finish, methodSettleMs);
        });
        loadGatewayHtml(window, html).catch((error: unknown) => {
          logger.warn('3-D Secure method page failed to load', { error: String(error) });
        });
        if (signal.aborted) finish();
      });
    },

    runChallenge(html, { returnUrl, deadline, signal }) {
      const ses = sessionFor(signal);
      const parent = options.parent();
      const window = new BrowserWindow({
        ...(parent && !parent.isDestroyed() ? { parent, modal: true } : {}),
        width: 480,
        height: 680,
        show: false,
        title: 'Customer verification',
        autoHideMenuBar: true,
        minimizable: false,
        fullscreenable: false,
        webPreferences: challengeWebPreferences(ses),
      });
      harden(window);
      return new Promise<ChallengeOutcome>((resolve) => {
        let done = false;
        const finish = (outcome: ChallengeOutcome) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          if (!window.isDestroyed()) window.destroy();
          release(signal).catch((error: unknown) => {
            logger.warn('challenge session cleanup failed', { error: String(error) });
          });
          resolve(outcome);
        };
        const onAbort = () => finish({ kind: 'cancelled' });
        const timer = setTimeout(
          () => finish({ kind: 'expired' }),
          Math.max(0, deadline - options.clock.now()),
        );
        signal.addEventListener('abort', onAbort, { once: true });
        catchReturns(ses, returnUrl, finish);
        window.on('closed', () => finish({ kind: 'cancelled' }));
        window.once('ready-to-show', () => window.show());
        loadGatewayHtml(window, html).catch((error: unknown) => {
          // Aborted loads are normal here: the returnUrl request is cancelled on purpose.
          if (!done)
            logger.warn('3-D Secure challenge page failed to load', { error: String(error) });
        });
        if (signal.aborted) onAbort();
      });
    },

    endAttempt: release,
  };
}
