import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LinkView } from '../../../shared/ipc-links';
import { linkReceiptResult } from '../../../main/core/links/link-receipt';
import type { LinkService } from '../../../main/core/links/link-service';
import { renderReceiptHtml } from '../../../main/core/receipts/receipt-html';
import { headingOf, payLink } from '../../support/link-customer';
import { linkHarness, linkRequest } from './link-harness';
import { linkJournalOf } from '../../support/link-journal-of';

const card = { number: '4440000042200014', expiry: '01/39', cvc: '123', name: 'Omar Saleh' };
/** The holds settle window (a capture in doubt is not "not captured" before it). */
const SETTLE_WINDOW_MS = 17 * 60_000;

let h: Awaited<ReturnType<typeof linkHarness>>;
beforeEach(async () => {
  h = await linkHarness();
});
afterEach(async () => {
  await h.close();
});

/** An authorize-only link the customer paid on their phone: held, as the journal has it. */
async function heldLink(links: LinkService): Promise<LinkView> {
  const created = await links.create(linkRequest({ authorizeOnly: true, amount: '180.00' }));
  if (!created.ok) throw new Error(created.error.code);
  expect(headingOf(await payLink(created.value.url, card))).toBe('Amount held');
  return h.until(links, created.value.linkId, 'held');
}

const valueOf = <T>(answer: { ok: true; value: T } | { ok: false; error: { code: string } }) => {
  if (!answer.ok) throw new Error(answer.error.code);
  return answer.value;
};
const kinds = (linkId: string) => h.ledgerOf(linkId).map((row) => row.kind);
const receipt = (link: LinkView, kind: 'sale' | 'capture' | 'release') => {
  const result = linkReceiptResult(link);
  if (!result) throw new Error('no receipt');
  return renderReceiptHtml({
    result,
    header: { merchantName: 'Shop', address: '', vatNumber: '' },
    copy: 'customer',
    language: 'en',
    paper: '80mm',
    training: false,
    kind,
  });
};

describe('a held payment link, captured and released through the holds code', () => {
  it('captures the held link: Captured at the gateway once, a capture in the ledger, its receipts', async () => {
    const { links } = h.start();
    const held = await heldLink(links);
    expect(receipt(held, 'sale')).toContain('AUTHORIZED — NOT YET CHARGED');
    const orderId = held.order?.orderId ?? '';

    expect(valueOf(await links.capture(held.linkId))).toMatchObject({
      outcome: 'captured',
      failure: null,
    });
    const captured = valueOf(links.get(held.linkId));
    expect(captured).toMatchObject({
      status: 'captured',
      holdPhase: null,
      order: { orderId, maskedCard: '444000******0014', holderName: 'Omar Saleh' },
    });
    expect(h.sandbox.inspect.order(orderId)).toMatchObject({
      detailedStatus: 'Captured',
      captureCount: 1,
    });
    expect(kinds(held.linkId)).toEqual(['hold', 'capture']);
    expect(h.ledgerOf(held.linkId)[1]).toMatchObject({ source: 'link', amount_minor: 18_000 });
    const html = receipt(captured, 'capture');
    expect(html).toContain('CHARGED');
    expect(html).toContain('444000******0014');

    // A second capture, or a release now, moves nothing.
    expect(await links.capture(held.linkId)).toMatchObject({
      ok: false,
      error: { code: 'hold-not-held' },
    });
    expect(await links.release(held.linkId)).toMatchObject({
      ok: false,
      error: { code: 'hold-not-held' },
    });
    expect(h.sandbox.inspect.order(orderId)?.captureCount).toBe(1);
    expect(kinds(held.linkId)).toEqual(['hold', 'capture']);
  });

  it('releases the held link: Voided, nothing charged, a release in the ledger and its receipt', async () => {
    const { links, journal } = h.start();
    const held = await heldLink(links);
    expect(valueOf(await links.release(held.linkId)).outcome).toBe('released');
    const released = valueOf(links.get(held.linkId));
    expect(released.status).toBe('released');
    expect(h.sandbox.inspect.order(held.order?.orderId ?? '')).toMatchObject({
      detailedStatus: 'Voided',
      captureCount: 0,
    });
    expect(kinds(held.linkId)).toEqual(['hold', 'release']);
    expect(receipt(released, 'release')).toContain('RELEASED — NOT CHARGED');
    expect(
      linkJournalOf(journal)
        .events(held.linkId)
        .map((event) => event.step),
    ).toEqual(['created', 'sent', 'held', 'release-sent', 'release']);
    // History's filter finds it by the status it reads as.
    expect(links.list(['released'], 10).map((link) => link.linkId)).toEqual([held.linkId]);
    expect(links.list(['held'], 10)).toEqual([]);
  });

  it('answer lost after the gateway captured (502 after commit): Get order proves it', async () => {
    const { links } = h.start();
    const held = await heldLink(links);
    h.sandbox.faults.failAfterCommit('capture', 1, 502);
    expect(valueOf(await links.capture(held.linkId)).outcome).toBe('captured');
    expect(valueOf(links.get(held.linkId)).status).toBe('captured');
    expect(h.sandbox.inspect.order(held.order?.orderId ?? '')?.captureCount).toBe(1);
    expect(kinds(held.linkId)).toEqual(['hold', 'capture']);
  });

  it('answer lost and reads lagging: in doubt (never "not captured"), then settled from Get order', async () => {
    const { links } = h.start();
    const held = await heldLink(links);
    h.sandbox.faults.failAfterCommit('capture', 1, 504);
    h.sandbox.faults.orderReadLag(1_500);
    expect(valueOf(await links.capture(held.linkId))).toMatchObject({
      outcome: 'in-doubt',
      failure: { code: 'capture-outcome-unknown' },
    });
    expect(valueOf(links.get(held.linkId))).toMatchObject({
      status: 'held',
      holdPhase: 'capture-sent',
    });
    // The deadline stays in main: the screen's view is the contract's.
    expect(valueOf(links.get(held.linkId))).not.toHaveProperty('settleAfter');
    // Nothing else may move the order while it is in doubt.
    expect(await links.release(held.linkId)).toMatchObject({ ok: false });
    const captured = await h.until(links, held.linkId, 'captured');
    expect(captured.holdPhase).toBeNull();
    expect(h.sandbox.inspect.order(held.order?.orderId ?? '')?.captureCount).toBe(1);
    expect(kinds(held.linkId)).toEqual(['hold', 'capture']);
  });

  it('a capture that never ran stays in doubt until its deadline, then the hold stands again', async () => {
    const { links } = h.start();
    const held = await heldLink(links);
    h.sandbox.faults.failNext('capture', 1, 504);
    // A 504 before it ran: the order shows it held; before the deadline that proves nothing.
    expect(valueOf(await links.capture(held.linkId)).outcome).toBe('in-doubt');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(valueOf(links.get(held.linkId)).holdPhase).toBe('capture-sent');
    h.clock.advance(SETTLE_WINDOW_MS + 1_000);
    await expect
      .poll(() => valueOf(links.get(held.linkId)).holdPhase, { timeout: 5_000 })
      .toBeNull();
    expect(valueOf(links.get(held.linkId)).status).toBe('held');
    expect(kinds(held.linkId)).toEqual(['hold']);
    expect(valueOf(await links.capture(held.linkId)).outcome).toBe('captured');
    expect(kinds(held.linkId)).toEqual(['hold', 'capture']);
  });

  it('a capture racing a release on one link ends in exactly one of them', async () => {
    const { links } = h.start();
    const held = await heldLink(links);
    const answers = await Promise.all([links.capture(held.linkId), links.release(held.linkId)]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.find((answer) => !answer.ok)).toMatchObject({
      error: { code: 'attempt-busy' },
    });
    const order = h.sandbox.inspect.order(held.order?.orderId ?? '');
    expect(['Captured', 'Voided']).toContain(order?.detailedStatus);
    const status = valueOf(links.get(held.linkId)).status;
    expect(status).toBe(order?.detailedStatus === 'Captured' ? 'captured' : 'released');
    expect(kinds(held.linkId)).toEqual(['hold', status === 'captured' ? 'capture' : 'release']);
  });

  it('a restart settles a capture left in doubt from Get order, once, whichever process looks', async () => {
    const first = h.start();
    const held = await heldLink(first.links);
    h.sandbox.faults.failAfterCommit('capture', 1, 504);
    h.sandbox.faults.orderReadLag(60_000);
    expect(valueOf(await first.links.capture(held.linkId)).outcome).toBe('in-doubt');
    // The process ends with the capture in doubt (its follower stops with it).
    await first.links.close();
    expect(linkJournalOf(first.journal).holds.inDoubt()).toEqual([held.linkId]);
    h.sandbox.faults.orderReadLag(0);
    const a = h.start();
    const b = h.start();
    a.links.resume();
    b.links.resume();
    await Promise.all([
      h.until(a.links, held.linkId, 'captured'),
      h.until(b.links, held.linkId, 'captured'),
    ]);
    expect(linkJournalOf(a.journal).holds.inDoubt()).toEqual([]);
    expect(kinds(held.linkId)).toEqual(['hold', 'capture']);
    expect(h.sandbox.inspect.order(held.order?.orderId ?? '')?.captureCount).toBe(1);
  });

  it('a hold the issuer let lapse reads as expired when captured, with its ledger row', async () => {
    const { links } = h.start();
    const held = await heldLink(links);
    h.sandbox.faults.expireHoldsAfter(0);
    expect(await links.capture(held.linkId)).toMatchObject({
      ok: false,
      error: { code: 'hold-not-held' },
    });
    expect(valueOf(links.get(held.linkId)).status).toBe('hold-expired');
    expect(kinds(held.linkId)).toEqual(['hold', 'hold-expired']);
    expect(h.sandbox.inspect.order(held.order?.orderId ?? '')?.captureCount).toBe(0);
  });
});
