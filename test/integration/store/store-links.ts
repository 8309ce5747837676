import { randomUUID } from 'node:crypto';
import type { Journal } from '../../../main/core/journal';
import { linkJournalOf } from '../../support/link-journal-of';

/**
 * A payment link as the link service writes it: created, sent, then paid once, or (for an
 * authorize-only link) held, its money waiting for a capture or release.
 */
export function journalLink(
  journal: Journal,
  amountMinor: number,
  ending: 'paid' | 'held' = 'paid',
): string {
  const linkId = randomUUID();
  const now = Date.now();
  const held = ending === 'held';
  linkJournalOf(journal).create(
    {
      linkId,
      paymentIntentId: randomUUID(),
      url: `https://pay.example/${linkId}`,
      merchantReferenceId: `LINK-${linkId.slice(0, 8)}`,
      amountMinor,
      currency: 'SAR',
      description: 'Deposit',
      phone: { countryCode: '966', number: '501234567' },
      email: null,
      authorizeOnly: held,
      gatewayStatus: 'Pending',
      expiresAt: now + 86_400_000,
      createdAt: now,
      gatewayBaseUrl: 'https://gateway.example',
      merchantPublicKey: 'pk_test',
      operatorId: 'cashier-2',
    },
    { step: 'created', outcome: 'ok' },
  );
  linkJournalOf(journal).recordSent(linkId, { step: 'sent', outcome: 'ok' });
  linkJournalOf(journal).settle(
    linkId,
    {
      status: ending,
      gatewayStatus: held ? 'Authorized' : 'Paid',
      brand: 'visa',
      order: {
        orderId: randomUUID(),
        status: held ? 'Authorized' : 'Paid',
        detailedStatus: 'Approved',
        authorizationCode: '123456',
        rrn: '000111222333',
        amountMinor,
        maskedCard: '411111******1111',
        brand: 'visa',
        holderName: 'SARA HASSAN',
      },
    },
    { step: ending, outcome: 'ok' },
  );
  return linkId;
}
