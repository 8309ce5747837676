import type { MerchantCredentials } from '../auth';
import { isoWithZone } from '../dates';
import { SANDBOX_MERCHANT_ID } from '../defaults';
import { currentStatus, linkUrl, type LinkRecord } from '../links/link-record';
import { amountNumber } from '../rules/amount-rules';
import type { SandboxState } from '../state';
import { orderStatusOf } from './order-shape';

// The generic payment-intent read names a pending link Created, or SentToCustomer once sent
// (GATEWAY-MORE.md §2.4, PaymentIntentStatus).
const intentStatusOf = (link: LinkRecord, now: number): string => {
  const status = currentStatus(link, now);
  if (status !== 'Pending') return status;
  return link.sentLinks.length > 0 ? 'SentToCustomer' : 'Created';
};

/**
 * The e-invoice payment intent (GATEWAY-MORE.md §2.3). `orders` lists the orders of the
 * customer's checkout as IOS reads them (id, status, date); the full order is Get order's.
 */
export const paymentIntentShape = (
  link: LinkRecord,
  context: { state: SandboxState; merchant: MerchantCredentials; baseUrl: string; now: number },
  generic = false,
) => {
  const money = (minor: number) => amountNumber(minor, link.currency);
  const orders = link.orderIds.flatMap((orderId) => {
    const order = context.state.orders.get(orderId);
    if (!order) return [];
    return [
      {
        orderId: order.id,
        paymentIntentId: link.id,
        createdDate: isoWithZone(order.createdAt),
        orderStatus: orderStatusOf(order.detailedStatus),
        detailedStatus: order.detailedStatus,
      },
    ];
  });
  return {
    paymentIntentId: link.id,
    id: link.id,
    type: 'EInvoice',
    link: linkUrl(context.baseUrl, link),
    status: generic ? intentStatusOf(link, context.now) : currentStatus(link, context.now),
    isPending: currentStatus(link, context.now) === 'Pending',
    amount: money(link.amountMinor),
    currency: link.currency,
    customer: {
      customerId: null,
      email: link.customer.email,
      phone: link.customer.phone,
      phoneNumber: link.customer.phone,
      phoneCountryCode: link.customer.phoneCountryCode,
      name: link.customer.name,
    },
    merchantId: SANDBOX_MERCHANT_ID,
    merchantPublicKey: context.merchant.merchantPublicKey,
    merchantName: 'Paydesk Sandbox Merchant',
    expiryDate: isoWithZone(link.expiresAt),
    activationDate: isoWithZone(link.createdAt),
    createdDate: isoWithZone(link.createdAt),
    updatedDate: isoWithZone(link.updatedAt),
    number: String(link.sequence).padStart(6, '0'),
    orders,
    eInvoiceDetails: {
      preAuthorizeAmount: link.preAuthorize,
      merchantReferenceId: link.merchantReferenceId,
      subTotal: money(link.amountMinor),
      grandTotal: money(link.amountMinor),
      eInvoiceItems: link.items.map((item) => ({
        description: item.description,
        price: money(item.priceMinor),
        quantity: item.quantity,
        total: money(item.priceMinor * item.quantity),
      })),
    },
    eInvoiceSentLinks: link.sentLinks.map((sent) => ({
      sentDate: isoWithZone(sent.sentAt),
      channel: sent.channel,
      recipient: sent.recipient,
    })),
  };
};
