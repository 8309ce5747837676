import type { AttemptResult, Outcome } from '../../../shared/ipc';
import type { LinkStatus, LinkView } from '../../../shared/ipc-links';

/**
 * What a link's receipt says it did, as a card sale's would: paid, or held (the hold, and
 * after its release or lapse still "authorized": nothing was charged). A captured link is a
 * paid one. Links that ended unpaid have no receipt.
 */
const receiptOutcomes: Partial<Record<LinkStatus, Outcome>> = {
  paid: 'paid',
  captured: 'paid',
  held: 'authorized',
  released: 'authorized',
  'hold-expired': 'authorized',
};

/**
 * A paid or held link as the receipt prints it: the shape of a card sale's result, with the
 * card as the gateway masked it. A held link's capture and release receipts read the Capture
 * or Void among the order's transactions (recorded when the hold ended).
 */
export function linkReceiptResult(link: LinkView): AttemptResult | null {
  const order = link.order;
  const outcome = receiptOutcomes[link.status];
  if (outcome === undefined || order === null) return null;
  return {
    attemptId: link.linkId,
    outcome,
    amountMinor: link.amountMinor,
    currency: link.currency,
    merchantReferenceId: link.merchantReferenceId,
    card: { brand: order.brand, masked: order.maskedCard ?? '', holderName: order.holderName },
    order: {
      orderId: order.orderId,
      status: order.status,
      detailedStatus: order.detailedStatus,
      authorizationCode: order.authorizationCode,
      rrn: order.rrn,
      capturedMinor: link.status === 'paid' || link.status === 'captured' ? order.amountMinor : 0,
      refundedMinor: 0,
      transactions: order.transactions ?? [],
    },
    failure: null,
    createdAt: link.createdAt,
  };
}
