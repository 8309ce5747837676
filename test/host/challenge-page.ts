import type { Frame, Page } from '@playwright/test';

/**
 * The frame of a challenge page that shows the issuer's one-time code form (the snippet
 * posts it into an iframe, so it is not the page's main frame).
 */
export async function issuerFrame(page: Page, timeoutMs = 10_000): Promise<Frame> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    for (const frame of page.frames()) {
      if (
        await frame
          .getByLabel('One-time code')
          .count()
          .catch(() => 0)
      )
        return frame;
    }
    await page.waitForTimeout(50);
  }
  throw new Error('No issuer page with a "One-time code" field appeared in the challenge.');
}

/** Types the code into the issuer page and submits it, as the customer would. */
export async function completeChallenge(page: Page, code: string): Promise<void> {
  const frame = await issuerFrame(page);
  await frame.getByLabel('One-time code').fill(code);
  await frame.getByRole('button', { name: 'Submit' }).click();
}
