import { describe, expect, it } from 'vitest';
import type { SaleRequest } from '../../../shared/ipc';
import { usePaymentHarness, type PaymentHarness } from './fixtures/payment-harness';

const FRICTIONLESS = '5123456789012346';

let h: PaymentHarness;
usePaymentHarness((started) => (h = started));

/** What the sale screen does once amount, currency and reference are known. */
const prepareFor = (sale: SaleRequest) =>
  h.service.prepare({
    amount: sale.amount,
    currency: sale.currency,
    merchantReferenceId: sale.merchantReferenceId,
  });

const sessionEvent = (attemptId: string) =>
  h.journal.detail(attemptId)?.events.find((e) => e.step === 'session')?.outcome;

describe('prepare: the session is created while the card is typed', () => {
  it('a sale with the prepared amount, currency and reference reuses it: Enter skips Create Session', async () => {
    const sale = h.sale(FRICTIONLESS, { amount: '99.95' });
    expect(
      await h.service.prepare({
        amount: '99.95',
        currency: 'SAR',
        merchantReferenceId: sale.merchantReferenceId,
      }),
    ).toEqual({ prepared: true });
    const result = await h.pay(sale);
    expect(result.outcome).toBe('paid');
    expect(h.steps).not.toContain('creating-session');
    expect(sessionEvent(result.attemptId)).toBe('prepared');
    const order = h.sandbox.inspect.order(result.order?.orderId ?? '');
    expect(order).toMatchObject({
      merchantReferenceId: sale.merchantReferenceId,
      amount: 99.95,
      captureCount: 1,
    });
    expect(h.journal.get(result.attemptId)?.sessionId).toBe(order?.sessionId);
  });

  it('a changed amount discards the prepared session', async () => {
    const sale = h.sale(FRICTIONLESS, { amount: '20.00' });
    await h.service.prepare({
      amount: '10.00',
      currency: 'SAR',
      merchantReferenceId: sale.merchantReferenceId,
    });
    await h.service.prepare({
      amount: '20.00',
      currency: 'EGP',
      merchantReferenceId: sale.merchantReferenceId,
    });
    const result = await h.pay(sale);
    expect(h.steps).toContain('creating-session');
    expect(sessionEvent(result.attemptId)).toBe('created');
    expect(h.sandbox.inspect.order(result.order?.orderId ?? '')).toMatchObject({
      amount: 20,
      currency: 'SAR',
    });
  });

  it('a session is used by one sale only', async () => {
    // Declined, so the reference is free for the second sale.
    const sale = h.sale('4000000000009995');
    await prepareFor(sale);
    const first = await h.pay(sale);
    expect(first.outcome).toBe('declined');
    const second = await h.pay(sale);
    expect(sessionEvent(first.attemptId)).toBe('prepared');
    expect(sessionEvent(second.attemptId)).toBe('created');
    expect(h.journal.get(first.attemptId)?.sessionId).not.toBe(
      h.journal.get(second.attemptId)?.sessionId,
    );
  });

  it('a prepared session too close to its 15 minutes is not reused', async () => {
    const sale = h.sale(FRICTIONLESS);
    await prepareFor(sale);
    h.clock.advance(11 * 60_000);
    const result = await h.pay(sale);
    expect(result.outcome).toBe('paid');
    expect(sessionEvent(result.attemptId)).toBe('created');
  });

  it('prepares nothing for an invalid amount, and only warms the connection without a reference', async () => {
    expect(await h.service.prepare({ amount: 'abc', currency: 'SAR' })).toEqual({
      prepared: false,
    });
    expect(await h.service.prepare({ amount: '10.00', currency: 'SAR' })).toEqual({
      prepared: false,
    });
    const result = await h.pay(h.sale(FRICTIONLESS, { amount: '10.00' }));
    expect(sessionEvent(result.attemptId)).toBe('created');
  });
});
