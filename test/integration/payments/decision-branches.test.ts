import { describe, expect, it } from 'vitest';
import { testCards } from '../../../main/core/sandbox/test-cards';
import {
  startPaymentHarness,
  usePaymentHarness,
  type PaymentHarness,
} from './fixtures/payment-harness';

const cardFor = (outcome: string, brand?: string) => {
  const card = testCards.find((c) => c.outcome === outcome && (!brand || c.brand === brand));
  if (!card) throw new Error(`no test card for ${outcome}`);
  return card.number;
};

let h: PaymentHarness;
usePaymentHarness((started) => (h = started));

describe('every gatewayDecision branch, through the real sandbox', () => {
  it.each([
    ['mastercard', 'GET'],
    ['mada', 'POST'],
    ['amex', 'POST'],
  ])('ContinueToPayer (%s, return by %s): method, payer, challenge, one capture', async (brand) => {
    const result = await h.pay(h.sale(cardFor('challenge', brand)));
    expect(result.outcome).toBe('paid');
    expect(result.failure).toBeNull();
    expect(result.card.masked).toMatch(/^\d{6}\*+\d{4}$/);
    const order = h.sandbox.inspect.order(result.order?.orderId ?? '');
    expect(order).toMatchObject({
      captureCount: 1,
      detailedStatus: 'Paid',
      methodCompleted: true,
      authentication: 'passed',
    });
    expect(result.order).toMatchObject({ detailedStatus: 'Paid', capturedMinor: 12550 });
    expect(h.steps).toEqual([
      'creating-session',
      'checking-card',
      'customer-verification',
      'charging',
      'done',
    ]);
    expect(h.challenge.stats).toMatchObject({ methodRuns: 1, challenges: 1 });
    expect(h.challenge.stats.endedAttempts).toHaveLength(1);
  });

  it('a payer step that fails after the method page ran still has the issuer pages wiped', async () => {
    h.sandbox.faults.failNext('payer', 1, 500);
    const result = await h.pay(h.sale(cardFor('challenge')));
    expect(result.outcome).not.toBe('paid');
    expect(h.challenge.stats).toMatchObject({ methodRuns: 1, challenges: 0 });
    expect(h.challenge.stats.endedAttempts).toHaveLength(1);
  });

  it.each(['frictionless', 'not-enrolled'])(
    '%s: straight to Pay without the payer step',
    async (outcome) => {
      const result = await h.pay(h.sale(cardFor(outcome)));
      expect(result.outcome).toBe('paid');
      expect(h.sandbox.inspect.order(result.order?.orderId ?? '')?.captureCount).toBe(1);
      expect(h.challenge.stats.challenges).toBe(0);
      expect(h.steps).toEqual(['creating-session', 'checking-card', 'charging', 'done']);
    },
  );

  it('Reject: ends rejected, nothing charged', async () => {
    const result = await h.pay(h.sale(cardFor('reject')));
    expect(result).toMatchObject({
      outcome: 'rejected',
      failure: { code: 'card-rejected', gatewayCode: '300.005' },
    });
    expect(h.sandbox.inspect.orders().every((o) => o.captureCount === 0)).toBe(true);
  });

  it.each([
    ['decline-insufficient-funds', '400.002'],
    ['decline-do-not-honour', '400.003'],
  ])('%s: declined with the gateway code and correlation id', async (outcome, gatewayCode) => {
    const result = await h.pay(h.sale(cardFor(outcome)));
    expect(result).toMatchObject({
      outcome: 'declined',
      failure: { code: 'card-declined', gatewayCode },
    });
    expect(result.failure?.correlationId).toBeTruthy();
    expect(h.sandbox.inspect.orders()[0]?.captureCount).toBe(0);
  });

  it('a wrong one-time code: authentication failed, Pay never sent', async () => {
    h.challenge.customer = { kind: 'code', otp: '000000' };
    const result = await h.pay(h.sale(cardFor('challenge')));
    expect(result).toMatchObject({
      outcome: 'authentication-failed',
      failure: { code: 'authentication-failed', gatewayCode: '300.004' },
    });
    expect(h.sandbox.inspect.orders()[0]?.payAttempts).toBe(0);
  });

  it('Cancel on the issuer page: cancelled by the customer', async () => {
    h.challenge.customer = { kind: 'cancel-on-page' };
    const result = await h.pay(h.sale(cardFor('challenge')));
    expect(result).toMatchObject({
      outcome: 'cancelled',
      failure: { code: 'authentication-cancelled', gatewayCode: '010.001' },
    });
  });

  it('closing the challenge window: cancelled', async () => {
    h.challenge.customer = { kind: 'close-window' };
    const result = await h.pay(h.sale(cardFor('challenge')));
    expect(result).toMatchObject({
      outcome: 'cancelled',
      failure: { code: 'authentication-cancelled' },
    });
  });

  it('every attempt sends fresh device values (the sandbox refuses repeats)', async () => {
    const number = cardFor('challenge');
    for (let i = 0; i < 3; i += 1) expect((await h.pay(h.sale(number))).outcome).toBe('paid');
    expect(new Set(h.challenge.stats.userAgents).size).toBe(3);
  });

  it('snippets escaped twice (HTML entities inside the JSON string) still run', async () => {
    const escaped = await startPaymentHarness({ snippetEncoding: 'html-entities' });
    try {
      const result = await escaped.pay(escaped.sale(cardFor('challenge')));
      expect(result.outcome).toBe('paid');
      expect(escaped.challenge.stats).toMatchObject({ methodRuns: 1, challenges: 1 });
    } finally {
      await escaped.close();
    }
  });
});
