import { describe, expect, it } from 'vitest';
import type { AttemptResult } from '../../../shared/ipc';
import {
  startPaymentHarness,
  type HarnessCredentials,
  type PaymentHarness,
} from './fixtures/payment-harness';

const FRICTIONLESS = '5123456789012346';

async function withHarness(
  options: Parameters<typeof startPaymentHarness>[0],
  run: (h: PaymentHarness) => Promise<void>,
): Promise<void> {
  const h = await startPaymentHarness(options);
  try {
    await run(h);
  } finally {
    await h.close();
  }
}

const settledOnce = (h: PaymentHarness) =>
  new Promise<AttemptResult>((resolve) => h.service.onSettled(resolve));

describe('the ending of a Pay that answered cannot be written', () => {
  it('stays in doubt (pay-sent) and the background settlement writes what Get order proves', async () => {
    let failPaid = 1;
    await withHarness(
      {
        // The disk refuses the one write that would record "paid" after Pay answered.
        wrapJournal: (journal) => ({
          ...journal,
          transition(attemptId, patch, event) {
            if (patch.state === 'paid' && failPaid > 0) {
              failPaid -= 1;
              throw new Error('disk full');
            }
            journal.transition(attemptId, patch, event);
          },
        }),
      },
      async (h) => {
        const settled = settledOnce(h);
        const result = await h.pay(h.sale(FRICTIONLESS));
        expect(result).toMatchObject({ outcome: 'in-doubt' });
        expect(h.journal.get(result.attemptId)).toMatchObject({ state: 'pay-sent' });
        expect(await settled).toMatchObject({ attemptId: result.attemptId, outcome: 'paid' });
        expect(h.journal.get(result.attemptId)).toMatchObject({ state: 'paid', status: 'paid' });
        expect(h.sandbox.inspect.orders()[0]).toMatchObject({ captureCount: 1, payAttempts: 1 });
      },
    );
  });
});

describe('each attempt is settled where it was made, as whom it was made', () => {
  it('records the gateway and merchant key; a settings change does not redirect settlement', async () => {
    let baseUrl: string | null = null;
    // The merchant's credentials stay bound to the gateway they were saved for.
    let credentials: HarnessCredentials | null = null;
    const options = {
      baseUrl: (sandboxUrl: string) => baseUrl ?? sandboxUrl,
      credentials: () => credentials,
    };
    await withHarness(options, async (h) => {
      credentials = {
        merchantPublicKey: h.sandbox.merchantPublicKey,
        apiPassword: h.sandbox.apiPassword,
        origin: new URL(h.sandbox.url).origin,
      };
      h.sandbox.faults.losePayAnswer(1);
      h.sandbox.faults.failNext('order', 20, 503);
      const result = await h.pay(h.sale(FRICTIONLESS));
      expect(result.outcome).toBe('in-doubt');
      expect(h.journal.get(result.attemptId)).toMatchObject({
        gatewayBaseUrl: `${h.sandbox.url}/`,
        merchantPublicKey: h.sandbox.merchantPublicKey,
      });
      // The operator points the app elsewhere; the attempt still settles at its own gateway.
      baseUrl = 'http://127.0.0.1:9';
      const settled = settledOnce(h);
      h.sandbox.faults.clear();
      expect(await settled).toMatchObject({ attemptId: result.attemptId, outcome: 'paid' });
    });
  });

  it("a refund with other merchant credentials than the sale's is refused by name, nothing sent", async () => {
    let credentials: HarnessCredentials | null = null;
    await withHarness({ credentials: () => credentials }, async (h) => {
      credentials = {
        merchantPublicKey: h.sandbox.merchantPublicKey,
        apiPassword: h.sandbox.apiPassword,
      };
      const paid = await h.pay(h.sale(FRICTIONLESS));
      expect(paid.outcome).toBe('paid');
      credentials = { merchantPublicKey: 'another-merchant', apiPassword: 'another-password' };
      expect(await h.service.refund(paid.attemptId)).toMatchObject({
        ok: false,
        error: { code: 'credentials-changed' },
      });
      expect(h.sandbox.inspect.order(paid.order?.orderId ?? '')?.refundedAmount).toBe(0);
    });
  });
});

describe('Check now', () => {
  it('settles at once while the background round is asleep, and never sends Pay', async () => {
    await withHarness({ tuning: { backgroundRetryDelaysMs: [0, 60_000] } }, async (h) => {
      h.sandbox.faults.payLandsLate(1, 3_000);
      // No order readable after the lost answer (the read before a Cancel, the sale's three):
      // no Cancel, in doubt.
      h.sandbox.faults.failNext('order', 4, 503);
      const result = await h.pay(h.sale(FRICTIONLESS));
      expect(result.outcome).toBe('in-doubt');
      const landed = () => h.sandbox.inspect.orders()[0]?.captureCount === 1;
      for (let i = 0; i < 500 && !landed(); i += 1) await new Promise((r) => setTimeout(r, 10));
      // The background asks again only in a minute; the operator does not wait for it.
      expect(h.journal.get(result.attemptId)?.status).toBe('in-doubt');
      expect(await h.service.check(result.attemptId)).toMatchObject({
        ok: true,
        value: { attemptId: result.attemptId, outcome: 'paid' },
      });
      expect(h.sandbox.inspect.orders()[0]).toMatchObject({ captureCount: 1, payAttempts: 1 });
    });
  });
});
