import { cardBrands, type CardBrand } from '../../../shared/card/brands';
import type { LinkOrder } from '../../../shared/ipc-links';
import { minorFromGatewayAmount } from '../../../shared/money/amount';
import type { LinkEnding, LinkRecord } from './link-journal';
import { readOrderState } from '../payments/order-state';
import { toOrderView } from '../payments/order-view';
import type { LinkGatewayOrder, PaymentIntent } from './link-client';

/** What one look at a link says. */
export type LinkObservation =
  /** Still open at the gateway (Pending, Incomplete after a declined card, …). */
  | { kind: 'open'; gatewayStatus: string }
  /** Final: paid or held by an order we could read, expired, or deleted. */
  | { kind: 'ended'; ending: LinkEnding }
  /**
   * The link says Paid or Preauthorized but no order proves it yet (order reads lag, or the
   * order could not be read): asked again on the next poll, never settled on the link's word.
   */
  | { kind: 'unproven'; gatewayStatus: string };

const maskShape = /^\d{6}\*{2,9}\d{4}$/;

const brandOf = (brand: string | null | undefined): CardBrand | null => {
  const lower = brand?.toLowerCase();
  return cardBrands.find((known) => known === lower) ?? null;
};

/** The order as the link's receipt shows it: codes, amount, the gateway's own card mask. */
export function linkOrderOf(
  order: LinkGatewayOrder,
  link: LinkRecord,
  amountMinor: number,
): LinkOrder {
  const view = toOrderView(order, link.currency);
  const masked = order.paymentMethod?.maskedCardNumber ?? null;
  return {
    orderId: view.orderId,
    status: view.status,
    detailedStatus: view.detailedStatus,
    authorizationCode: view.authorizationCode,
    rrn: view.rrn,
    amountMinor,
    // Anything but first 6 + asterisks + last 4 is not kept: it could be more of the card.
    maskedCard: masked !== null && maskShape.test(masked) ? masked : null,
    brand: brandOf(order.paymentMethod?.brand),
    holderName: (order.paymentMethod?.cardholderName ?? '').slice(0, 128),
  };
}

/**
 * The ending an order proves for a link: paid (the link's amount captured) or held (the
 * link's amount authorized, nothing taken), in the link's currency. Null otherwise: a
 * declined card's order, or one whose reading is not final yet.
 */
export function endingOf(order: LinkGatewayOrder, link: LinkRecord): LinkEnding | null {
  if (order.currency !== link.currency) return null;
  const reading = readOrderState(order);
  const amount = minorFromGatewayAmount(order.amount, link.currency);
  if (!amount.ok || amount.value !== link.amountMinor) return null;
  const brand = brandOf(order.paymentMethod?.brand);
  if (reading.verdict === 'paid' && reading.capturedMinor === link.amountMinor) {
    return {
      status: 'paid',
      gatewayStatus: 'Paid',
      order: linkOrderOf(order, link, amount.value),
      brand,
    };
  }
  if (reading.verdict === 'held') {
    return {
      status: 'held',
      gatewayStatus: 'Preauthorized',
      order: linkOrderOf(order, link, amount.value),
      brand,
    };
  }
  return null;
}

/**
 * Reads a payment intent: final states end the link; Paid and Preauthorized only once one of
 * its orders (newest first, read through `readOrder`) proves the money.
 */
export async function observeLink(
  link: LinkRecord,
  intent: PaymentIntent,
  readOrder: (orderId: string) => Promise<LinkGatewayOrder | null>,
): Promise<LinkObservation> {
  const gatewayStatus = intent.status;
  if (gatewayStatus === 'Expired')
    return { kind: 'ended', ending: { status: 'expired', gatewayStatus } };
  if (gatewayStatus !== 'Paid' && gatewayStatus !== 'Preauthorized')
    return { kind: 'open', gatewayStatus };
  for (const { orderId } of [...intent.orders].reverse()) {
    const order = await readOrder(orderId);
    const ending = order ? endingOf(order, link) : null;
    if (ending) return { kind: 'ended', ending };
  }
  return { kind: 'unproven', gatewayStatus };
}
