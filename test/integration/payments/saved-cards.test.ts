import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { AttemptResult } from '../../../shared/ipc';
import type { CardAgreement, SavedCardSink, SavedCardToken } from '../../../main/core/ports';
import type { SaveCardRequest } from '../../../main/core/journal/journal';
import type { SavedPaymentRequest } from '../../../main/core/payments/saved-card-payments';
import { TEST_CVV } from './fixtures/card-hygiene';
import { usePaymentHarness, valueOf, type PaymentHarness } from './fixtures/payment-harness';

/**
 * Saved cards through the real engine, the real sandbox on loopback and a real SQLite
 * journal: a keyed sale saves its card with the customer's consent, then the token pays with
 * the customer present (token 3-D Secure, CVV) and merchant-initiated (under the agreement),
 * under the same exactly-once rules as any Pay. The sink records what the engine hands the
 * customers' directory; the sandbox's orders are the oracle.
 */
const CHALLENGE = '5123450000000008';
const FRICTIONLESS = '5123456789012346';

type Issued = Parameters<SavedCardSink['tokenIssued']>[0];
type Refused = Parameters<SavedCardSink['tokenRefused']>[0];
const issued: Issued[] = [];
const refused: Refused[] = [];
const sink: SavedCardSink = {
  tokenIssued: (facts) => void issued.push(facts),
  tokenRefused: (facts) => void refused.push(facts),
};

let h: PaymentHarness;
usePaymentHarness((started) => (h = started), { savedCards: sink });
afterEach(() => {
  issued.length = 0;
  refused.length = 0;
  for (const order of h.sandbox.inspect.orders()) expect(order.captureCount).toBeLessThanOrEqual(1);
});

const agreement = (): CardAgreement => ({ id: `PD-AG-${randomUUID()}`, type: 'Unscheduled' });
const saveRequest = (): SaveCardRequest => ({
  customerId: 'cust-1',
  consentId: `consent-${randomUUID()}`,
  agreement: agreement(),
});
/** The consent as the sale's handler records it: already in the directory here. */
const consented = (save: SaveCardRequest) => () => Promise.resolve(save);

/** A keyed sale that saves its card; the token the engine handed over. */
async function saveCard(number: string, save = saveRequest()): Promise<SavedCardToken & Issued> {
  const result = valueOf(await h.service.pay(h.sale(number), () => undefined, consented(save)));
  expect(result.outcome).toBe('paid');
  const facts = issued.find((fact) => fact.attemptId === result.attemptId);
  if (!facts) throw new Error('no token handed over');
  return { ...facts, ...facts.token };
}

const payWith = (
  token: SavedCardToken,
  patch: Partial<SavedPaymentRequest> & { agreement?: CardAgreement | null } = {},
) => {
  const { agreement: cardAgreement = null, ...rest } = patch;
  return h.service.paySaved(
    {
      amount: '40.00',
      currency: 'SAR',
      merchantReferenceId: `PD-${randomUUID().slice(0, 8)}`,
      customerId: 'cust-1',
      cardId: 'card-1',
      cvv: TEST_CVV,
      card: { token, agreement: cardAgreement, state: 'usable' },
      initiatedBy: 'Internet',
      ...rest,
    },
    (progress) => h.steps.push(progress.step),
  );
};

const orderOf = (result: AttemptResult) =>
  h.sandbox.inspect.order(h.journal.get(result.attemptId)?.orderId ?? '');

/** How the journal recorded each pay/token send of an attempt: `sent`, `resent`. */
const paySends = (attemptId: string) =>
  (h.journal.detail(attemptId)?.events ?? [])
    .filter((event) => event.step === 'pay-sent')
    .map((event) => event.outcome);

const failureCode = async (answer: ReturnType<typeof payWith>) => {
  const result = await answer;
  return result.ok ? result.value.failure?.code : result.error.code;
};

describe('saving a card with the customer’s consent', () => {
  it('asks for the token, and hands it to the customers’ record once paid', async () => {
    const save = saveRequest();
    const token = await saveCard(CHALLENGE, save);
    expect(token).toMatchObject({
      customerId: save.customerId,
      consentId: save.consentId,
      agreement: save.agreement,
      maskedCard: '512345******0008',
      brand: 'mastercard',
      expiryMonth: 1,
      expiryYear: 2039,
    });
    expect(token.tokenId).toMatch(/^[0-9a-f-]{36}$/);
    // The journal keeps the save request (ids only), never the token.
    const record = h.journal.get(token.attemptId);
    expect(record?.saveCard).toEqual(save);
    expect(record?.cardSource).toBe('keyed');
  });

  it('a sale without consent asks for no token and hands nothing over', async () => {
    const result = await h.pay(h.sale(FRICTIONLESS));
    expect(result.outcome).toBe('paid');
    expect(issued).toEqual([]);
    expect(h.journal.get(result.attemptId)?.saveCard ?? null).toBeNull();
  });

  it('tokenization off: the sale is refused with saved-cards-off and charges nothing', async () => {
    h.sandbox.faults.setMerchantConfig({ isTokenizationEnabled: false });
    const result = valueOf(
      await h.service.pay(h.sale(FRICTIONLESS), () => undefined, consented(saveRequest())),
    );
    expect(result.outcome).not.toBe('paid');
    expect(result.failure?.code).toBe('saved-cards-off');
    expect(issued).toEqual([]);
  });
});

describe('paying with a saved card, the customer present', () => {
  it('a challenge card’s token goes through token 3-D Secure and pays once', async () => {
    const token = await saveCard(CHALLENGE);
    h.steps.length = 0;
    const result = valueOf(await payWith(token));
    expect(result).toMatchObject({ outcome: 'paid', cardSource: 'saved', amountMinor: 4000 });
    expect(h.steps).toContain('customer-verification');
    expect(result.card.masked).toBe('512345******0008');
    expect(orderOf(result)).toMatchObject({ detailedStatus: 'Paid', captureCount: 1 });
    // A token payment saves no new token.
    expect(issued).toHaveLength(1);
  });

  it('the CVV the merchant requires: refused before sending without it, paid with it', async () => {
    const token = await saveCard(FRICTIONLESS);
    expect(await h.service.savedCardRules()).toMatchObject({ cvvRequired: true });
    expect(await failureCode(payWith(token, { cvv: null }))).toBe('saved-card-cvv-required');
    const paid = valueOf(await payWith(token, { cvv: TEST_CVV }));
    expect(paid.outcome).toBe('paid');
  });

  it('a CVV rule the engine had not read yet: the gateway’s refusal is worded the same', async () => {
    h.sandbox.faults.setMerchantConfig({ isCvvRequiredForTokenPayments: false });
    const token = await saveCard(FRICTIONLESS);
    expect(await h.service.savedCardRules()).toMatchObject({ cvvRequired: false });
    h.sandbox.faults.setMerchantConfig({ isCvvRequiredForTokenPayments: true });
    const result = valueOf(await payWith(token, { cvv: null }));
    expect(result.outcome).not.toBe('paid');
    expect(result.failure).toMatchObject({
      code: 'saved-card-cvv-required',
      gatewayCode: '700.004',
    });
    expect(orderOf(result)?.captureCount).toBe(0);
  });

  it('an expired token is refused, nothing charged, and the card flagged as expired', async () => {
    const token = await saveCard(FRICTIONLESS);
    h.sandbox.faults.expireToken(token.tokenId);
    const result = valueOf(await payWith(token));
    expect(result.failure?.code).toBe('saved-card-expired');
    expect(refused).toEqual([
      { customerId: 'cust-1', cardId: 'card-1', code: 'saved-card-expired', expired: true },
    ]);
  });

  it('a token the gateway does not know is refused and flagged', async () => {
    const token = await saveCard(FRICTIONLESS);
    const result = valueOf(await payWith({ ...token, tokenId: randomUUID() }));
    expect(result.failure?.code).toBe('saved-card-refused');
    expect(refused).toMatchObject([{ code: 'saved-card-refused', expired: false }]);
  });
});

describe('merchant-initiated payments', () => {
  it('charged under the card’s agreement, without a challenge or CVV', async () => {
    const token = await saveCard(CHALLENGE);
    h.steps.length = 0;
    let challenged = false;
    h.challenge.onChallengeShown = () => {
      challenged = true;
    };
    const result = valueOf(
      await payWith(token, { initiatedBy: 'Merchant', agreement: token.agreement, cvv: null }),
    );
    expect(result).toMatchObject({ outcome: 'paid', cardSource: 'merchant-initiated' });
    expect(challenged).toBe(false);
    expect(h.steps).not.toContain('customer-verification');
    expect(orderOf(result)).toMatchObject({ detailedStatus: 'Paid', captureCount: 1 });
    // The order id was journalled before the money message.
    const events = h.journal.detail(result.attemptId)?.events.map((e) => e.step) ?? [];
    expect(events.indexOf('initiate')).toBeLessThan(events.indexOf('pay-sent'));
  });

  it('refused before sending for a card saved without an agreement', async () => {
    const token = await saveCard(FRICTIONLESS);
    const before = h.sandbox.inspect.orders().length;
    const answer = payWith(token, { initiatedBy: 'Merchant', agreement: null });
    expect(await failureCode(answer)).toBe('saved-card-agreement');
    expect(h.sandbox.inspect.orders()).toHaveLength(before);
  });

  it('refused by the gateway under another agreement: nothing charged', async () => {
    const token = await saveCard(FRICTIONLESS);
    const result = valueOf(
      await payWith(token, { initiatedBy: 'Merchant', agreement: agreement() }),
    );
    expect(result.failure).toMatchObject({ code: 'saved-card-agreement', gatewayCode: '700.008' });
    expect(refused).toEqual([]);
  });

  it('refused when the merchant allows no merchant-initiated payments', async () => {
    const token = await saveCard(FRICTIONLESS);
    h.sandbox.faults.setMerchantConfig({ allowedInitiatedByValues: ['Internet'] });
    const answer = payWith(token, { initiatedBy: 'Merchant', agreement: token.agreement });
    // The rules were read before the change (cached): the gateway refuses with 700.006.
    expect(await failureCode(answer)).toBe('saved-cards-off');
  });
});

describe('a lost pay/token answer is settled like Pay', () => {
  it('the answer lost after the charge: Get order proves it paid, nothing cancelled', async () => {
    const token = await saveCard(FRICTIONLESS);
    h.sandbox.faults.losePayAnswer(1);
    const result = valueOf(await payWith(token));
    expect(result.outcome).toBe('paid');
    expect(orderOf(result)).toMatchObject({ captureCount: 1 });
    const steps = h.journal.detail(result.attemptId)?.events.map((e) => e.step) ?? [];
    expect(steps).not.toContain('cancel-sent');
  });

  it('lost before it reached the order: Cancel at once, "not charged"', async () => {
    const token = await saveCard(FRICTIONLESS);
    h.sandbox.faults.failNext('pay-token', 1, 'reset');
    const result = valueOf(await payWith(token));
    expect(result).toMatchObject({ outcome: 'error', failure: { code: 'pay-not-completed' } });
    expect(orderOf(result)).toMatchObject({ detailedStatus: 'Cancelled', captureCount: 0 });
    expect(h.journal.inDoubt()).toEqual([]);
  });

  // Lands well after the 1 s pay/token time limit (undici's timers may fire up to 1 s late).
  it('a late pay/token: Cancel gets there first, the late Pay charges nothing', async () => {
    const token = await saveCard(FRICTIONLESS);
    h.sandbox.faults.payLandsLate(1, 3_000);
    const result = valueOf(await payWith(token));
    expect(result).toMatchObject({ outcome: 'error', failure: { code: 'pay-not-completed' } });
    expect(paySends(result.attemptId)).toEqual(['sent']);
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(orderOf(result)).toMatchObject({ captureCount: 0, detailedStatus: 'Cancelled' });
  });

  it('a late pay/token while Get order lags: in doubt, then settled paid once', async () => {
    const token = await saveCard(FRICTIONLESS);
    h.sandbox.faults.payLandsLate(1, 3_500);
    h.sandbox.faults.orderReadLag(1_500);
    const settled = new Promise<AttemptResult>((resolve) => h.service.onSettled(resolve));
    const result = valueOf(await payWith(token));
    expect(result.outcome).toBe('in-doubt');
    expect(await settled).toMatchObject({ outcome: 'paid', cardSource: 'saved' });
    expect(orderOf(result)).toMatchObject({ captureCount: 1, payAttempts: 1 });
  });

  it.each(['hang', 503] as const)(
    'pay/token failing with %s: never sent twice, "not charged" only on a cancelled order',
    async (kind) => {
      const token = await saveCard(FRICTIONLESS);
      h.sandbox.faults.failNext('pay-token', 1, kind);
      const result = valueOf(await payWith(token));
      expect(paySends(result.attemptId)).toEqual(['sent']);
      expect(result).toMatchObject({ outcome: 'error', failure: { code: 'pay-not-completed' } });
      expect(orderOf(result)).toMatchObject({ captureCount: 0, detailedStatus: 'Cancelled' });
    },
  );
});

describe('after a restart', () => {
  it('a saving sale settled paid at start-up still hands its token over', async () => {
    // The Pay answer is lost and the order cannot be read while this engine runs.
    h.sandbox.faults.losePayAnswer(1);
    h.sandbox.faults.failNext('order', 50, 502);
    h.sandbox.faults.failNext('cancel', 50, 502);
    const save = saveRequest();
    const result = valueOf(
      await h.service.pay(h.sale(FRICTIONLESS), () => undefined, consented(save)),
    );
    expect(result.outcome).toBe('in-doubt');
    expect(issued).toEqual([]);
    await h.service.close();
    h.sandbox.faults.clear();
    const restarted = await h.restart();
    await restarted.service.reconcile();
    expect(restarted.journal.result(result.attemptId)?.outcome).toBe('paid');
    expect(issued).toMatchObject([{ attemptId: result.attemptId, consentId: save.consentId }]);
  });
});

describe('card hygiene after a token run', () => {
  it('no card number, CVV or token id in the journal or the log', async () => {
    const token = await saveCard(CHALLENGE);
    valueOf(await payWith(token));
    valueOf(
      await payWith(token, { initiatedBy: 'Merchant', agreement: token.agreement, cvv: null }),
    );
    h.sandbox.faults.failNext('pay-token', 1, 'reset');
    valueOf(await payWith(token));
    h.journal.close();
    for (const name of readdirSync(h.dir)) {
      const text = readFileSync(join(h.dir, name)).toString('latin1');
      expect(text, name).not.toContain(token.tokenId);
    }
    // The harness's close scans the same files for card numbers and CVVs.
  });
});
