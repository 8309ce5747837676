import type { LinkFailureCode } from '../../../shared/failures/link-failures';
import type { LinkStatus } from '../../../shared/ipc-links';

/** English for payment links (issue 16): the Sale screen's choice, form, panel, History. */
export const enLinks = {
  links: {
    modeLabel: 'How the customer pays',
    mode: { card: 'Card here', link: 'Send payment link' },
    formTitle: 'Send a payment link',
    formHelp:
      'The customer pays on their own phone and passes their bank’s check there. The card never reaches this screen.',
    email: 'Customer email',
    contactHint: 'A phone number (with country code), an email, or both.',
    description: 'Description',
    expiry: 'Link expires after',
    authorizeOnly: 'Authorize only (hold the money, take it later)',
    send: 'Send link',
    sending: 'Sending…',
    waitingTitle: 'Waiting for the customer',
    waitingHelp: 'This screen updates by itself when the customer pays.',
    sentTo: 'Sent to',
    notSent: 'The link was not sent. Resend it, or copy it into a chat.',
    resent: 'The link was sent again.',
    link: 'Payment link',
    copy: 'Copy link',
    copied: 'Copied',
    expires: 'Expires',
    resend: 'Resend',
    cancel: 'Cancel link',
    cancelling: 'Cancelling…',
    newLink: 'New link',
    otherLinks: 'Other links',
    open: 'Open',
    gatewayStatus: 'Gateway status',
    declinedOnce: 'The customer’s card was not approved. The link stays open for another try.',
    paidTitle: 'Paid',
    heldTitle: 'Held',
    heldHelp:
      'The money is held on the customer’s card, not taken. Capture it when the order ships, or release it.',
    holdInDoubt:
      'The gateway has not answered the capture or release yet. Paydesk keeps asking; nothing more is needed here.',
    captureBody:
      'Charge {{amount}} to the customer’s card. The gateway captures the full amount held.',
    captured: 'Captured: the held amount is charged.',
    capturedTitle: 'Captured',
    capturedHelp: 'The held amount was charged to the customer’s card.',
    releasedTitle: 'Hold released',
    releasedHelp: 'The held amount was given back to the customer. Nothing was charged.',
    holdExpiredTitle: 'Hold expired',
    holdExpiredHelp: 'The bank let the hold lapse and gave the money back. Nothing was charged.',
    heldReceipt: 'Hold receipt',
    expiredTitle: 'Link expired',
    expiredHelp: 'Nothing was charged. Send a new link if the customer still wants to pay.',
    cancelledTitle: 'Link cancelled',
    cancelledHelp: 'Nothing was charged; the customer’s page now says the link was cancelled.',
    sendInstead: 'Send a payment link instead',
    historyView: 'Payment links',
    historyEmpty: 'No payment links yet.',
    allStatuses: 'All links',
    created: 'Created',
    recipient: 'Customer',
    status: {
      pending: 'Waiting',
      paid: 'Paid',
      held: 'Held',
      expired: 'Expired',
      cancelled: 'Cancelled',
      captured: 'Captured',
      released: 'Hold released',
      'hold-expired': 'Hold expired',
    } satisfies Record<LinkStatus, string>,
  },
};

export const enLinkErrors: Record<LinkFailureCode, string> = {
  'link-contact-required': 'Enter the customer’s phone number or email to send the link to.',
  'link-email-invalid': 'The email must look like name@example.com.',
  'link-description-invalid':
    'The description must not contain a card number or hidden direction marks.',
  'link-not-found': 'That payment link is not in the journal.',
  'link-not-pending': 'The payment link has already ended (paid, held, expired or cancelled).',
};
