import { describe, expect, it } from 'vitest';
import {
  startPaymentHarness,
  usePaymentHarness,
  type HarnessOptions,
  type PaymentHarness,
} from './fixtures/payment-harness';

const CHALLENGE = '5123450000000008';
const FRICTIONLESS = '5123456789012346';

let h: PaymentHarness;
usePaymentHarness((started) => (h = started));

/** The code of a request the engine refused as a value (it never throws for these). */
const failureCode = async (
  answer: Promise<{ ok: true } | { ok: false; error: { code: string } }>,
) => {
  const result = await answer;
  expect(result.ok).toBe(false);
  return result.ok ? null : result.error.code;
};

describe('cancel and session expiry', () => {
  it('the operator cancels while the challenge is open: cancelled, Pay never sent', async () => {
    h.challenge.customer = { kind: 'wait' };
    h.challenge.onChallengeShown = () => {
      setTimeout(() => expect(h.service.cancel()).toEqual({ cancelled: true }), 20);
    };
    const result = await h.pay(h.sale(CHALLENGE));
    expect(result).toMatchObject({
      outcome: 'cancelled',
      failure: { code: 'cancelled-by-operator' },
    });
    expect(h.sandbox.inspect.orders()[0]?.payAttempts).toBe(0);
    expect(h.service.cancel()).toEqual({ cancelled: false });
  });

  it('a cancel pressed before the first gateway answer stops the attempt', async () => {
    h.sandbox.faults.setLatency(200);
    const paying = h.pay(h.sale(FRICTIONLESS));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(h.service.cancel()).toEqual({ cancelled: true });
    expect(await paying).toMatchObject({ outcome: 'cancelled' });
    expect(h.sandbox.inspect.orders().every((o) => o.payAttempts === 0)).toBe(true);
  });

  it('the session runs out during the challenge: expired with a clear reason', async () => {
    h.challenge.onChallengeShown = () => h.clock.advance(16 * 60_000);
    const result = await h.pay(h.sale(CHALLENGE));
    expect(result).toMatchObject({ outcome: 'expired', failure: { code: 'session-expired' } });
    expect(h.sandbox.inspect.orders()[0]?.payAttempts).toBe(0);
  });

  it('journals every step with an audit trail and no card data', async () => {
    const result = await h.pay(h.sale(CHALLENGE));
    const detail = h.journal.detail(result.attemptId);
    expect(detail?.row).toMatchObject({ status: 'paid', masked: '512345******0008' });
    expect(detail?.events.map((e) => [e.step, e.outcome, e.detail])).toEqual([
      ['created', 'started', null],
      ['session', 'created', null],
      ['initiate', 'ContinueToPayer', null],
      ['payer', 'ContinueToPay', 'method ran'],
      ['pay-sent', 'sent', 'challenge passed'],
      ['settled', 'paid', null],
    ]);
  });
});

describe('request failures are refused (as values) before anything is sent', () => {
  it.each([
    ['card-number-luhn', { number: '5123450000000009' }],
    ['cvv-length', { cvv: '12' }],
    ['expiry-past', { expiry: '01/20' }],
    ['holder-name-required', { holderName: '' }],
  ])('%s', async (code, card) => {
    const sale = h.sale(CHALLENGE);
    expect(await failureCode(h.tryPay({ ...sale, card: { ...sale.card, ...card } }))).toBe(code);
    expect(h.sandbox.inspect.orders()).toEqual([]);
  });

  it('an amount over the cap in settings', async () => {
    expect(await failureCode(h.tryPay(h.sale(CHALLENGE, { amount: '100000.01' })))).toBe(
      'amount-over-cap',
    );
  });

  it('a merchant reference already paid or in doubt cannot start another sale, named in the refusal', async () => {
    const first = await h.pay(h.sale(FRICTIONLESS, { merchantReferenceId: 'INV-77' }));
    expect(first.outcome).toBe('paid');
    const again = await h.tryPay(h.sale(CHALLENGE, { merchantReferenceId: 'inv-77' }));
    expect(again).toEqual({
      ok: false,
      error: {
        code: 'reference-in-use',
        message: expect.any(String),
        existingPayment: {
          attemptId: first.attemptId,
          merchantReferenceId: 'INV-77',
          orderId: first.order?.orderId,
          amountMinor: 12_550,
          currency: 'SAR',
          status: 'paid',
          createdAt: first.createdAt,
        },
      },
    });
    expect(h.sandbox.inspect.orders()).toHaveLength(1);

    // In doubt blocks too; a declined sale does not.
    h.sandbox.faults.failNext('pay', 1, 503);
    h.sandbox.faults.failNext('order', 10, 503);
    const doubtful = await h.pay(h.sale(FRICTIONLESS, { merchantReferenceId: 'INV-78' }));
    expect(doubtful.outcome).toBe('in-doubt');
    expect(
      await failureCode(h.tryPay(h.sale(FRICTIONLESS, { merchantReferenceId: 'INV-78' }))),
    ).toBe('reference-in-use');
    const declined = await h.pay(h.sale('4000000000009995', { merchantReferenceId: 'INV-79' }));
    expect(declined.outcome).toBe('declined');
    // Another amount: the same card and amount as INV-78, still in doubt, would be stopped
    // by the same-card guard instead.
    const otherAmount = h.sale(FRICTIONLESS, { merchantReferenceId: 'INV-79', amount: '99.00' });
    expect((await h.pay(otherAmount)).outcome).toBe('paid');
  });

  it('a second sale while one runs', async () => {
    h.challenge.customer = { kind: 'wait' };
    const first = h.pay(h.sale(CHALLENGE));
    expect(await failureCode(h.tryPay(h.sale(FRICTIONLESS)))).toBe('sale-in-progress');
    h.service.cancel();
    expect((await first).outcome).toBe('cancelled');
  });
});

describe('gateway errors end the attempt with codes the operator can act on', () => {
  const withHarness = async (
    options: HarnessOptions,
    run: (broken: PaymentHarness) => Promise<void>,
  ) => {
    const broken = await startPaymentHarness(options);
    try {
      await run(broken);
    } finally {
      await broken.close();
    }
  };

  it('missing credentials', () =>
    withHarness({ credentials: null }, async (broken) => {
      expect(await failureCode(broken.tryPay(broken.sale(CHALLENGE)))).toBe('credentials-missing');
    }));

  it('wrong credentials: gateway-credentials-rejected with the gateway code', () =>
    withHarness(
      {
        credentials: {
          merchantPublicKey: 'f0a1b2c3-d4e5-4f60-8a7b-9c0d1e2f3a4b',
          apiPassword: 'wrong',
        },
      },
      async (broken) => {
        expect(await broken.pay(broken.sale(CHALLENGE))).toMatchObject({
          outcome: 'error',
          failure: { code: 'gateway-credentials-rejected', gatewayCode: '001.001' },
        });
      },
    ));

  it('a gateway URL that is not https (and not loopback) is refused', () =>
    withHarness({ baseUrl: 'http://gateway.example' }, async (broken) => {
      expect(await failureCode(broken.tryPay(broken.sale(CHALLENGE)))).toBe(
        'gateway-url-not-https',
      );
    }));

  it('nothing listening: gateway-unreachable', () =>
    withHarness({ baseUrl: 'http://127.0.0.1:9' }, async (broken) => {
      expect(await broken.pay(broken.sale(CHALLENGE))).toMatchObject({
        outcome: 'error',
        failure: { code: 'gateway-unreachable' },
      });
    }));
});
