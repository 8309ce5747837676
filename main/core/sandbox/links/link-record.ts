import type { Currency } from '../../../../shared/money/currencies';

/** The e-invoice statuses (GATEWAY-MORE.md §2.4); deletion is a flag, not a status. */
export type EInvoiceStatus = 'Pending' | 'Incomplete' | 'Preauthorized' | 'Paid' | 'Expired';

export interface LinkCustomer {
  readonly email: string | null;
  readonly phone: string | null;
  readonly phoneCountryCode: string | null;
  readonly name: string | null;
}

export interface SentLink {
  readonly sentAt: number;
  readonly channel: 'Sms' | 'Email';
  readonly recipient: string;
}

export interface LinkItem {
  readonly description: string;
  readonly priceMinor: number;
  readonly quantity: number;
}

/** One payment link (an e-invoice payment intent) as the sandbox keeps it. */
export interface LinkRecord {
  readonly id: string;
  readonly sequence: number;
  amountMinor: number;
  currency: Currency;
  customer: LinkCustomer;
  merchantReferenceId: string | null;
  items: LinkItem[];
  /** `eInvoiceDetails.preAuthorizeAmount`: the customer's payment is a hold (Preauthorized). */
  preAuthorize: boolean;
  language: string;
  expiresAt: number;
  readonly createdAt: number;
  updatedAt: number;
  status: EInvoiceStatus;
  /** Deleted by the merchant: reads answer "not found", the page refuses. */
  deleted: boolean;
  /** Orders the customer's checkout made, oldest first (a declined card, then a paid one). */
  readonly orderIds: string[];
  readonly sentLinks: SentLink[];
}

/** An SMS or email the sandbox "sent": kept in the outbox for tests and the CLI to read. */
export interface OutboxMessage {
  readonly sequence: number;
  readonly at: number;
  readonly channel: 'Sms' | 'Email';
  readonly recipient: string;
  readonly paymentIntentId: string;
  readonly link: string;
  readonly text: string;
}

/**
 * The link's status now: a Pending or Incomplete link past its expiry becomes Expired (the
 * gateway expires links itself; the sandbox does it when one is next looked at).
 */
export const currentStatus = (link: LinkRecord, now: number): EInvoiceStatus => {
  if ((link.status === 'Pending' || link.status === 'Incomplete') && now >= link.expiresAt) {
    link.status = 'Expired';
    link.updatedAt = link.expiresAt;
  }
  return link.status;
};

/** The customer's page for a link, on the sandbox's own origin. */
export const linkUrl = (baseUrl: string, link: LinkRecord): string => `${baseUrl}/pay/${link.id}`;
