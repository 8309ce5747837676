import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { testCards, TEST_CARD_EXPIRY } from '../../main/core/sandbox';
import { completeChallenge, launchHost, type Host } from '../host';

const challengeCard = testCards.find(
  (card) => card.outcome === 'challenge' && card.challengeReturn === 'GET',
);
const postReturnCard = testCards.find(
  (card) => card.outcome === 'challenge' && card.challengeReturn === 'POST',
);

const saleOf = (number: string, brand: string) => ({
  amount: '125.50',
  currency: 'SAR' as const,
  merchantReferenceId: `SHELL-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
  card: {
    number,
    expiry: `${TEST_CARD_EXPIRY.month}/${TEST_CARD_EXPIRY.year}`,
    cvv: brand === 'amex' ? '1234' : '123',
    holderName: 'Noura Al-Harbi',
  },
  customerPhone: null,
});

/** The challenge page, or a clear failure if the sale ended without showing one. */
const challengeOf = (paying: Promise<unknown>) =>
  Promise.race([
    host.nextChallenge(),
    paying.then((result) => {
      throw new Error(`the sale ended before any challenge: ${JSON.stringify(result)}`);
    }),
  ]);

let host: Host;

test.describe('Training sales through the host', () => {
  test.beforeEach(async () => {
    host = await launchHost();
  });
  test.afterEach(async () => {
    await host.close();
  });

  for (const card of [challengeCard, postReturnCard]) {
    test(`Training sale with ${card?.brand} (${card?.challengeReturn} return): code typed into the issuer page, paid, in the journal`, async () => {
      if (!card) throw new Error('the sandbox lists no such challenge card');
      const { page } = host;
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { steps: string[] }).steps = seen;
        window.paydesk.on('saleProgress', (progress) => seen.push(progress.step));
      });

      const paying = page.evaluate(
        (request) => window.paydesk.salePay(request),
        saleOf(card.number, card.brand),
      );
      const challenge = await challengeOf(paying);
      await completeChallenge(challenge, '123456');
      const result = await paying;

      if (!result.ok) throw new Error(`salePay failed: ${result.error.code}`);
      expect(result.value.outcome).toBe('paid');
      expect(result.value.card.masked).toBe(
        `${card.number.slice(0, 6)}${'*'.repeat(card.number.length - 10)}${card.number.slice(-4)}`,
      );
      const orderId = result.value.order?.orderId ?? '';
      expect(result.value.order?.detailedStatus).toBe('Paid');
      expect(host.sandbox.inspect.order(orderId)?.captureCount).toBe(1);

      const steps = await page.evaluate(() => (window as unknown as { steps: string[] }).steps);
      expect(steps).toContain('customer-verification');
      expect(steps.at(-1)).toBe('done');

      const history = await page.evaluate(() =>
        window.paydesk.historySearch({ filters: {}, cursor: null, limit: 10 }),
      );
      if (!history.ok) throw new Error(history.error.code);
      expect(history.value.rows.map((row) => [row.attemptId, row.status])).toEqual([
        [result.value.attemptId, 'paid'],
      ]);

      // The full number and CVV lived only in memory: not in the log, not in the journal files.
      for (const file of readdirSync(host.dataDir).filter((f) =>
        /\.(log|sqlite(-wal)?)$/.test(f),
      )) {
        const bytes = readFileSync(join(host.dataDir, file)).toString('latin1');
        expect(bytes.includes(card.number), file).toBe(false);
      }
    });
  }

  test('closing the challenge page cancels the sale and nothing is charged', async () => {
    if (!challengeCard) throw new Error('no challenge card');
    const paying = host.page.evaluate(
      (request) => window.paydesk.salePay(request),
      saleOf(challengeCard.number, challengeCard.brand),
    );
    const challenge = await challengeOf(paying);
    await challenge.close();
    const result = await paying;
    if (!result.ok) throw new Error(result.error.code);
    expect(result.value.outcome).toBe('cancelled');
    const orderId = result.value.order?.orderId;
    expect(orderId ? host.sandbox.inspect.order(orderId)?.captureCount : 0).toBe(0);
  });

  test('the challenge expires with the gateway session (15 minutes on the shared clock)', async () => {
    if (!challengeCard) throw new Error('no challenge card');
    const paying = host.page.evaluate(
      (request) => window.paydesk.salePay(request),
      saleOf(challengeCard.number, challengeCard.brand),
    );
    const challenge = await challengeOf(paying);
    host.clock.advance(16 * 60_000);
    const result = await paying;
    if (!result.ok) throw new Error(result.error.code);
    expect(result.value.outcome).toBe('expired');
    expect(challenge.isClosed()).toBe(true);
  });

  test('a receipt of the sale is saved as a PDF and printed', async () => {
    const frictionless = testCards.find((card) => card.outcome === 'frictionless');
    if (!frictionless) throw new Error('no frictionless card');
    const { page } = host;
    const result = await page.evaluate(
      (request) => window.paydesk.salePay(request),
      saleOf(frictionless.number, frictionless.brand),
    );
    if (!result.ok) throw new Error(result.error.code);
    const { attemptId } = result.value;
    const pdf = await page.evaluate(
      (id) => window.paydesk.receiptPdf({ attemptId: id, copy: 'customer' }),
      attemptId,
    );
    if (!pdf.ok || !pdf.value.path) throw new Error('no PDF');
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(pdf.value.path)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.value.path).toMatch(/paydesk-SHELL-[A-Z0-9]+-customer\.pdf$/);
    const printed = await page.evaluate(
      (id) => window.paydesk.receiptPrint({ attemptId: id, copy: 'merchant' }),
      attemptId,
    );
    expect(printed).toEqual({ ok: true, value: { printed: true } });
    expect(host.printJobs).toHaveLength(1);
  });
});

test.describe('the page bridge', () => {
  let bare: Host;
  test.beforeAll(async () => {
    bare = await launchHost({ renderer: 'blank' });
  });
  test.afterAll(async () => {
    await bare.close();
  });

  test('is frozen like contextBridge leaves it, and refuses calls from a subframe of our own origin', async () => {
    const { page } = bare;
    expect(await page.evaluate(() => window.paydesk.appInfo({}))).toMatchObject({
      ok: true,
      value: { training: true },
    });
    expect(
      await page.evaluate(() => {
        const api = window.paydesk as unknown as Record<string, unknown>;
        try {
          api.salePay = () => 'replaced';
        } catch {
          // strict-mode pages throw on a frozen object; either way nothing changes
        }
        return (
          Object.isFrozen(api) && typeof api.salePay === 'function' && api.salePay !== undefined
        );
      }),
    ).toBe(true);

    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const frame = document.createElement('iframe');
          frame.src = '/';
          frame.onload = () => resolve();
          document.body.append(frame);
        }),
    );
    const child = page.frames().find((frame) => frame !== page.mainFrame());
    if (!child) throw new Error('no subframe');
    expect(await child.evaluate(() => window.paydesk.settingsGet({}))).toMatchObject({
      ok: false,
      error: { code: 'untrusted-sender' },
    });
  });
});
