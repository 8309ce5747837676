import type { AttemptResult } from '../../../shared/ipc';
import type { LinkView } from '../../../shared/ipc-links';

/**
 * A paid link as the receipt prints it: the shape of a card sale's result, with the card as
 * the gateway masked it. Only a paid link has a receipt; a held one gets its receipt when it
 * is captured (holds, issue 17).
 */
export function linkReceiptResult(link: LinkView): AttemptResult | null {
  const order = link.order;
  if (link.status !== 'paid' || order === null) return null;
  return {
    attemptId: link.linkId,
    outcome: 'paid',
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
      capturedMinor: order.amountMinor,
      refundedMinor: 0,
      transactions: [],
    },
    failure: null,
    createdAt: link.createdAt,
  };
}
