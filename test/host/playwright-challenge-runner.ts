import type { Browser, BrowserContext, Page, Route } from '@playwright/test';
import { isAllowedChallengeNavigation } from '../../main/core/challenge/navigation-policy';
import { parseChallengeReturn } from '../../main/core/challenge/return-request';
import type { ChallengeOutcome, ChallengeRunner, Clock } from '../../main/core/ports';
import { htmlDataUrl } from '../../main/core/challenge/html-data-url';

export interface PlaywrightChallengeOptions {
  browser: Browser;
  clock: Clock;
  /** The Training sandbox's origin, or null for a live-mode runner. */
  allowedHttpOrigin: string | null;
  /** Called with each challenge page once its HTML is loading, for the test to drive. */
  onChallengePage: (page: Page) => void;
}

/** How often the deadline is compared with the (possibly jumped) clock. */
const deadlinePollMs = 100;

/**
 * The Electron challenge window's stand-in (DESIGN.md §7): a browser context per attempt
 * (its own storage, like a partition), the same navigation policy, the returnUrl caught by
 * route interception (any frame, GET or POST) and parsed by the same pure function.
 * Closing the page cancels; the deadline expires it.
 */
export function createPlaywrightChallengeRunner(
  options: PlaywrightChallengeOptions,
): ChallengeRunner {
  const { browser, clock, allowedHttpOrigin } = options;
  const contexts = new WeakMap<AbortSignal, Promise<BrowserContext>>();
  let userAgent: Promise<string> | undefined;

  const openContext = async () => {
    const context = await browser.newContext({ serviceWorkers: 'block', acceptDownloads: false });
    await context.route('**/*', (route) => {
      const request = route.request();
      const allowed =
        !request.isNavigationRequest() ||
        isAllowedChallengeNavigation(request.url(), allowedHttpOrigin);
      return allowed ? route.fallback() : route.abort('blockedbyclient');
    });
    return context;
  };
  const contextFor = (signal: AbortSignal) => {
    const existing = contexts.get(signal);
    if (existing) return existing;
    const created = openContext();
    contexts.set(signal, created);
    return created;
  };

  return {
    userAgent() {
      userAgent ??= (async () => {
        const context = await browser.newContext();
        const page = await context.newPage();
        const agent = await page.evaluate(() => navigator.userAgent);
        await context.close();
        return agent;
      })();
      return userAgent;
    },

    async runMethod(html, { timeoutMs, signal }) {
      const context = await contextFor(signal);
      const page = await context.newPage();
      try {
        await page.goto(htmlDataUrl(html), { timeout: timeoutMs });
        // The snippet posts into an iframe; finished means the network went quiet.
        await page.waitForLoadState('networkidle', { timeout: timeoutMs });
      } catch {
        // A method page that does not finish must not block the payment.
      } finally {
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
          contexts.delete(signal);
          void context.close().catch(() => undefined);
          resolve(outcome);
        };
        const onAbort = () => finish({ kind: 'cancelled' });
        const timer = setInterval(() => {
          if (clock.now() >= deadline) finish({ kind: 'expired' });
        }, deadlinePollMs);
        signal.addEventListener('abort', onAbort, { once: true });
        page.on('close', () => finish({ kind: 'cancelled' }));
        const onReturn = async (route: Route) => {
          const request = route.request();
          await route.abort('blockedbyclient');
          if (!request.isNavigationRequest()) return;
          const verdict = parseChallengeReturn(
            {
              url: request.url(),
              method: request.method(),
              contentType: (await request.headerValue('content-type')) ?? null,
              body: request.postDataBuffer(),
            },
            returnUrl,
          );
          if (verdict) finish({ kind: 'returned', ...verdict });
        };
        void context
          .route(`https://${new URL(returnUrl).host}/**`, onReturn)
          .then(() => page.goto(htmlDataUrl(html)))
          .then(() => options.onChallengePage(page))
          .catch(() => undefined);
        if (signal.aborted) onAbort();
      });
    },
  };
}
