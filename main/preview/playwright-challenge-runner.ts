import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { writeGatewayDocument } from '../core/challenge/gateway-document';
import { isAllowedChallengeNavigation } from '../core/challenge/navigation-policy';
import { catchReturnRequest, type CaughtRequest } from '../core/challenge/return-catch';
import type { ChallengeOutcome, ChallengeRunner, Clock } from '../core/ports';

export interface PlaywrightChallengeOptions {
  browser: Browser;
  clock: Clock;
  /** The Training sandbox's origin, or null for a live-mode runner. */
  allowedHttpOrigin: string | null;
  /** Called with each challenge page once its HTML is written, for the test to drive. */
  onChallengePage: (page: Page) => void;
}

/** How often the deadline is compared with the (possibly jumped) clock. */
const deadlinePollMs = 100;

/**
 * The returnUrl catch for one request (return-catch.ts). The provisional headers are read
 * synchronously: `headerValue` waits for network details that a request to the unresolvable
 * return host may never get.
 */
const caught = (request: Request, returnUrl: string): CaughtRequest =>
  catchReturnRequest(
    {
      url: request.url(),
      method: request.method(),
      contentType: request.headers()['content-type'] ?? null,
      body: request.postDataBuffer(),
    },
    returnUrl,
    request.isNavigationRequest(),
  );

async function openContext(browser: Browser, allowedHttpOrigin: string | null) {
  const context = await browser.newContext({ serviceWorkers: 'block', acceptDownloads: false });
  await context.route('**/*', (route) => {
    const request = route.request();
    const allowed =
      !request.isNavigationRequest() ||
      isAllowedChallengeNavigation(request.url(), allowedHttpOrigin);
    return allowed ? route.fallback() : route.abort('blockedbyclient');
  });
  return context;
}

/**
 * The Electron challenge window's stand-in (docs/design.md §7): a browser context per attempt
 * (its own storage, like a partition), the same navigation policy, the gateway HTML written
 * into a blank page by the same script, and the returnUrl read by the same pure parser.
 * Playwright routes do not see requests that follow a redirect (the issuer's completion step
 * redirects to the returnUrl), so the return is caught from the context's request events;
 * the host's Chromium resolves no public name (main/preview/chromium.ts), so it never leaves.
 * Closing the page cancels; the deadline expires it.
 */
export function createPlaywrightChallengeRunner(
  options: PlaywrightChallengeOptions,
): ChallengeRunner {
  const { browser, clock, allowedHttpOrigin } = options;
  const contexts = new WeakMap<AbortSignal, Promise<BrowserContext>>();
  let userAgent: Promise<string> | undefined;

  const contextFor = (signal: AbortSignal) => {
    const existing = contexts.get(signal);
    if (existing) return existing;
    const created = openContext(browser, allowedHttpOrigin);
    contexts.set(signal, created);
    return created;
  };

  /** Closes the attempt's context, which drops everything the issuer pages stored. */
  const release = async (signal: AbortSignal) => {
    const context = contexts.get(signal);
    if (!context) return;
    contexts.delete(signal);
    await context.then((opened) => opened.close()).catch(() => undefined);
  };

  return {
    userAgent() {
      userAgent ??= (async () => {
        const context = await browser.newContext();
        const agent = await (await context.newPage()).evaluate(() => navigator.userAgent);
        await context.close();
        return agent;
      })();
      return userAgent;
    },

    async runMethod(html, { timeoutMs, signal, returnUrl }) {
      const context = await contextFor(signal);
      const page = await context.newPage();
      // A navigation to the return host ends the method page at once, as in Electron.
      let leave: (() => void) | undefined;
      const left = new Promise<void>((resolve) => {
        leave = resolve;
      });
      const onRequest = (request: Request) => {
        if (caught(request, returnUrl).outcome) leave?.();
      };
      context.on('request', onRequest);
      try {
        await page.evaluate(writeGatewayDocument(html));
        // The snippet posts into an iframe; finished means the network went quiet.
        await Promise.race([page.waitForLoadState('networkidle', { timeout: timeoutMs }), left]);
      } catch {
        // A method page that does not finish must not block the payment.
      } finally {
        context.off('request', onRequest);
        await page.close().catch(() => undefined);
      }
    },

    async runChallenge(html, { returnUrl, deadline, signal }) {
      const context = await contextFor(signal);
      const page = await context.newPage();
      return new Promise<ChallengeOutcome>((resolve) => {
        let done = false;
        const finish = (outcome: ChallengeOutcome) => {
          if (done) return;
          done = true;
          clearInterval(timer);
          signal.removeEventListener('abort', onAbort);
          context.off('request', onRequest);
          // Like the Electron runner, which destroys the window before it answers: the page is
          // gone by the time the sale's result reaches the operator.
          void release(signal).then(() => resolve(outcome));
        };
        const onAbort = () => finish({ kind: 'cancelled' });
        const onRequest = (request: Request) => {
          const outcome = caught(request, returnUrl).outcome;
          if (outcome) finish(outcome);
        };
        const timer = setInterval(() => {
          if (clock.now() >= deadline) finish({ kind: 'expired' });
        }, deadlinePollMs);
        signal.addEventListener('abort', onAbort, { once: true });
        context.on('request', onRequest);
        page.on('close', () => finish({ kind: 'cancelled' }));
        // The page is handed over even if writing it failed, so the test fails at the issuer
        // form with a message instead of waiting for a page that never comes.
        void page
          .evaluate(writeGatewayDocument(html))
          .catch(() => undefined)
          .then(() => options.onChallengePage(page));
        if (signal.aborted) onAbort();
      });
    },

    endAttempt: release,
  };
}
