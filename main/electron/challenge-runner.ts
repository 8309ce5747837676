import { BrowserWindow, type Session } from 'electron';
import { writeGatewayDocument } from '../core/challenge/gateway-document';
import { isAllowedChallengeNavigation } from '../core/challenge/navigation-policy';
import { catchReturnRequest } from '../core/challenge/return-catch';
import type { ChallengeOutcome, ChallengeRunner, Clock, Logger } from '../core/ports';
import type { ChallengePresence } from './challenge-presence';
import { challengeWebPreferences, createChallengePartition } from './challenge-session';
import { denyNewWindows, guardNavigation } from './web-hardening';

export interface ElectronChallengeOptions {
  /** The main window, parent of the challenge window. */
  parent: () => BrowserWindow | null;
  /** The Training sandbox's origin, or null for the live runner. */
  allowedHttpOrigin: string | null;
  /** Knows while a challenge window is open, so the app menu can stand still meanwhile. */
  presence: ChallengePresence;
  /** The window's title in the operator's language, read when it opens. */
  title: () => string;
  clock: Clock;
  logger: Logger;
  platform?: NodeJS.Platform;
}

/** After the method page stops loading, how long it must stay idle to count as finished. */
const methodSettleMs = 300;

/**
 * Where the main window exists, the challenge is its child (kept in front of it). Windows
 * and Linux: modal, so the main window takes no input meanwhile. macOS: not modal, because
 * a modal child is a sheet there, which has no close button and the operator could not
 * cancel; the menu stands still instead (ChallengePresence) and the renderer's top bar keeps
 * the main window on the sale's progress (Cancel payment stays usable).
 */
const challengeParenting = (parent: BrowserWindow | null, platform: NodeJS.Platform) =>
  parent && !parent.isDestroyed() ? { parent, modal: platform !== 'darwin' } : {};

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

/** If writing the page never answers (its frame navigated away mid-script), show anyway. */
const showFallbackMs = 3_000;

/**
 * The 3-D Secure pages in Electron (DESIGN.md §3 steps 3 and 5, §4). The hidden method
 * window and the challenge window of an attempt share one in-memory partition, so the
 * issuer sees one browser; the engine passes the same AbortSignal to both calls of an
 * attempt, and the signal says which attempt holds the partition. The partition is reused
 * by the next attempt only after it was wiped (challenge-session.ts).
 */
export function createElectronChallengeRunner(options: ElectronChallengeOptions): ChallengeRunner {
  const { allowedHttpOrigin, logger, presence } = options;
  const platform = options.platform ?? process.platform;
  const partition = createChallengePartition({
    name: allowedHttpOrigin === null ? 'challenge-live' : 'challenge-training',
    allowLoopback: allowedHttpOrigin !== null,
    onWipeFailed: (error) =>
      logger.warn('challenge session wipe failed; the next attempt gets a new partition', {
        error: String(error),
      }),
  });
  const release = (signal: AbortSignal) =>
    partition.release(signal).catch((error: unknown) => {
      logger.warn('challenge session cleanup failed', { error: String(error) });
    });
  const harden = (window: BrowserWindow) => {
    denyNewWindows(window.webContents, false);
    guardNavigation(window.webContents, (url) =>
      isAllowedChallengeNavigation(url, allowedHttpOrigin),
    );
  };

  return {
    userAgent: async () => partition.current().getUserAgent(),

    async runMethod(html, { timeoutMs, signal, returnUrl }) {
      const ses = await partition.acquire(signal);
      if (signal.aborted) return;
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
      });
    },

    async runChallenge(html, { returnUrl, deadline, signal }) {
      const ses = await partition.acquire(signal);
      if (signal.aborted) {
        await release(signal);
        return { kind: 'cancelled' };
      }
      const window = new BrowserWindow({
        ...challengeParenting(options.parent(), platform),
        width: 480,
        height: 680,
        show: false,
        title: options.title(),
        minimizable: false,
        fullscreenable: false,
        webPreferences: challengeWebPreferences(ses),
      });
      // On Windows and Linux a window carries the app menu (hidden or not, its shortcuts
      // work): Ctrl+N pressed here must not start a new sale behind the customer's back.
      window.removeMenu();
      const leave = presence.enter();
      harden(window);
      return new Promise<ChallengeOutcome>((resolve) => {
        let done = false;
        const finish = (outcome: ChallengeOutcome) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          clearTimeout(showAnyway);
          signal.removeEventListener('abort', onAbort);
          leave();
          if (!window.isDestroyed()) window.destroy();
          void release(signal);
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
        // Shown once the page is written, not on ready-to-show: that event has a history of
        // never firing for a page written into about:blank (electron#24356, #40273), and a
        // hidden challenge would leave the customer nothing to answer until it expired.
        const show = () => {
          if (!done && !window.isDestroyed() && !window.isVisible()) window.show();
        };
        const showAnyway = setTimeout(show, showFallbackMs);
        loadGatewayHtml(window, html)
          .catch((error: unknown) => {
            // Aborted loads are normal here: the returnUrl request is cancelled on purpose.
            if (!done)
              logger.warn('3-D Secure challenge page failed to load', { error: String(error) });
          })
          // Even a page that failed to write is shown: the operator can still close it.
          .finally(show);
      });
    },

    endAttempt: release,
  };
}
