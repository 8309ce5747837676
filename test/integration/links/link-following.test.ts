import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { headingOf, openLinkPage, payLink } from '../../support/link-customer';
import { linkHarness, linkRequest } from './link-harness';
import { linkJournalOf } from '../../support/link-journal-of';

const challengeCard = { number: '5123450000000008', expiry: '01/39', cvc: '123', name: 'Sara Ali' };
const frictionlessCard = { number: '4440000042200014', expiry: '01/39', cvc: '123', name: 'Omar' };
const declineCard = { number: '4000000000009995', expiry: '01/39', cvc: '123', name: 'Omar' };

let h: Awaited<ReturnType<typeof linkHarness>>;
beforeEach(async () => {
  h = await linkHarness();
});
afterEach(async () => {
  await h.close();
});

const created = async (links: ReturnType<typeof h.start>['links'], overrides = {}) => {
  const answer = await links.create(linkRequest(overrides));
  if (!answer.ok) throw new Error(answer.error.code);
  return answer.value;
};

describe('payment links, followed through the real sandbox', () => {
  it('sends the link by SMS; the customer pays it with the code; it is journalled paid once', async () => {
    const { links } = h.start();
    const link = await created(links);
    expect(link.sentCount).toBe(1);
    const [sms] = h.sandbox.outbox();
    expect(sms?.channel).toBe('Sms');
    expect(sms?.recipient).toBe('+966501234567');
    expect(sms?.text).toContain(link.url);

    const page = await payLink(link.url, challengeCard);
    expect(headingOf(page)).toBe('Payment approved');
    const paid = await h.until(links, link.linkId, 'paid');
    expect(paid.order?.maskedCard).toBe('512345******0008');
    expect(paid.order?.authorizationCode).toMatch(/^\d{6}$/);
    expect(paid.order?.holderName).toBe('Sara Ali');
    expect(h.ledgerOf(link.linkId)).toEqual([
      { kind: 'sale', source: 'link', order_id: paid.order?.orderId, amount_minor: 25_000 },
    ]);
    expect(h.sandbox.inspect.order(paid.order?.orderId ?? '')?.captureCount).toBe(1);
    // The page refuses a second payment.
    expect((await openLinkPage(link.url)).status).toBe(409);
  });

  it('an authorize-only link ends held (Preauthorized), with a hold in the ledger', async () => {
    const { links } = h.start();
    const link = await created(links, { authorizeOnly: true });
    expect(headingOf(await payLink(link.url, frictionlessCard))).toBe('Amount held');
    const held = await h.until(links, link.linkId, 'held');
    expect(held.order?.detailedStatus).toBe('Authorized');
    expect(h.ledgerOf(link.linkId).map((row) => row.kind)).toEqual(['hold']);
  });

  it('a declined card leaves the link pending (Incomplete); another card then pays it', async () => {
    const { links } = h.start();
    const link = await created(links);
    expect(headingOf(await payLink(link.url, declineCard))).toBe('Not approved');
    await expect
      .poll(() => (links.get(link.linkId).ok ? links.get(link.linkId) : null))
      .toMatchObject({
        value: { status: 'pending', gatewayStatus: 'Incomplete' },
      });
    await payLink(link.url, challengeCard);
    const paid = await h.until(links, link.linkId, 'paid');
    expect(h.ledgerOf(link.linkId)).toHaveLength(1);
    expect(paid.order?.maskedCard).toBe('512345******0008');
  });

  it('a cancelled link is deleted at the gateway and its page refuses', async () => {
    const { links } = h.start();
    const link = await created(links);
    const cancelled = await links.cancel(link.linkId);
    expect(cancelled.ok && cancelled.value.status).toBe('cancelled');
    const page = await openLinkPage(link.url);
    expect(page.status).toBe(410);
    expect(headingOf(page)).toBe('Link no longer valid');
    expect(h.ledgerOf(link.linkId).map((row) => row.kind)).toEqual(['link-cancelled']);
    expect(await links.cancel(link.linkId)).toMatchObject({
      ok: false,
      error: { code: 'link-not-pending' },
    });
  });

  it('a link past its expiry ends expired, and its page refuses', async () => {
    const { links } = h.start();
    const link = await created(links, { expiryHours: 1 });
    h.clock.advance(61 * 60_000);
    await h.until(links, link.linkId, 'expired');
    expect((await openLinkPage(link.url)).status).toBe(410);
    expect(h.ledgerOf(link.linkId).map((row) => row.kind)).toEqual(['link-expired']);
  });

  it('waits for the order when order reads lag behind the link saying Paid', async () => {
    const { links } = h.start();
    const link = await created(links);
    h.sandbox.faults.orderReadLag(400);
    const paidAt = Date.now();
    await payLink(link.url, frictionlessCard);
    const paid = await h.until(links, link.linkId, 'paid');
    // Not before the order itself says Paid: the link's word alone settles nothing.
    expect(Date.now() - paidAt).toBeGreaterThanOrEqual(350);
    expect(paid.order?.detailedStatus).toBe('Paid');
    expect(h.ledgerOf(link.linkId)).toHaveLength(1);
  });

  it('a restart follows pending links again; two processes racing journal the payment once', async () => {
    const first = h.start();
    const link = await created(first.links);
    await first.links.close();
    await payLink(link.url, challengeCard);
    // Two Paydesk processes on the same journal file both follow the paid link at start-up.
    const a = h.start({ fastPollMs: 5, slowPollMs: 5 });
    const b = h.start({ fastPollMs: 5, slowPollMs: 5 });
    a.links.resume();
    b.links.resume();
    await Promise.all([
      h.until(a.links, link.linkId, 'paid'),
      h.until(b.links, link.linkId, 'paid'),
    ]);
    expect(h.ledgerOf(link.linkId)).toHaveLength(1);
    const events = linkJournalOf(a.journal)
      .events(link.linkId)
      .map((event) => event.step);
    expect(events.filter((step) => step === 'paid')).toHaveLength(1);
    expect(events).toEqual(['created', 'sent', 'paid']);
  });

  it('settling a link that already ended writes nothing', async () => {
    const { links, journal } = h.start();
    const link = await created(links);
    await payLink(link.url, frictionlessCard);
    const paid = await h.until(links, link.linkId, 'paid');
    const again = linkJournalOf(journal).settle(
      link.linkId,
      { status: 'paid', gatewayStatus: 'Paid', order: paid.order!, brand: 'visa' },
      { step: 'paid', outcome: 'ok' },
    );
    expect(again).toBe(false);
    expect(h.ledgerOf(link.linkId)).toHaveLength(1);
  });

  it('refuses a link with no phone and no email before anything is sent', async () => {
    const { links } = h.start();
    const answer = await links.create(linkRequest({ phone: null, email: null }));
    expect(answer).toMatchObject({ ok: false, error: { code: 'link-contact-required' } });
    expect(h.sandbox.outbox()).toHaveLength(0);
  });

  it('reads a phone as main receives it: a national number goes out E.164, an impossible one not at all', async () => {
    const { links } = h.start();
    // main checks again what the renderer checked (it is untrusted): a phone not yet normalised.
    const link = await created(links, { phone: { countryCode: '+966', number: '050 123 4567' } });
    expect(link.phone).toEqual({ countryCode: '+966', number: '501234567' });
    expect(h.sandbox.outbox().map((m) => m.recipient)).toEqual(['+966501234567']);
    const impossible = await links.create(
      linkRequest({ phone: { countryCode: '+966', number: '0401234567' } }),
    );
    expect(impossible).toMatchObject({ ok: false, error: { code: 'phone-number' } });
    expect(h.sandbox.outbox()).toHaveLength(1);
  });

  it('sends by email too, and resends', async () => {
    const { links } = h.start();
    const link = await created(links, { email: 'sara@example.com' });
    expect(link.sentCount).toBe(2);
    const resent = await links.resend(link.linkId);
    expect(resent.ok && resent.value.sentCount).toBe(4);
    expect(h.sandbox.outbox().map((m) => m.channel)).toEqual(['Sms', 'Email', 'Sms', 'Email']);
  });
});
