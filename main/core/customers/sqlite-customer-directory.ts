import type { CustomerFailureCode } from '../../../shared/failures/customer-failures';
import { validateCustomer } from '../../../shared/customer-rules';
import { consentText } from '../../../shared/card-consent';
import type { CustomerView, SavedCardView } from '../../../shared/ipc-customers';
import type { AuditTrail } from '../audit/audit-trail';
import { CodedFailure } from '../coded-failure';
import { storableText } from '../journal/card-data-guard';
import { inTransaction } from '../platform/transaction';
import type { SqliteFile } from '../platform/statement-cache';
import type { Clock, IdGenerator, Logger } from '../ports';
import { consentSql } from './consent-sql';
import type { CustomerDirectory } from './customer-directory';
import { customerSql, type CustomerMatch, type CustomerRow } from './customer-sql';
import { savedCardSql, type SavedCardRow } from './saved-card-sql';
import { cardStateAt, keptToken } from './saved-card-rules';
import { searchTerms } from './customer-search';

export interface CustomerDirectoryDeps {
  file: SqliteFile;
  clock: Clock;
  ids: IdGenerator;
  audit: Pick<AuditTrail, 'record'>;
  logger: Logger;
  /** Read per call: the consent names the merchant; a phone without code is the store's. */
  settings: () => { merchantName: string; merchantCountry: string };
}

const SEARCH_LIMIT = 50;

const because = (reason: string | null | undefined) => (reason ? `; reason: ${reason}` : '');

const failure = (code: CustomerFailureCode, params?: Record<string, string>) =>
  new CodedFailure(code, params);

/**
 * The customers directory on one counter: tables of the mode's journal file (step 16), so
 * Training customers and their sandbox tokens never mix with live ones. Every write is one
 * transaction; a card's deletion and its audit line name the card by its mask only.
 */
export function createSqliteCustomerDirectory(deps: CustomerDirectoryDeps): CustomerDirectory {
  const { file, clock, ids, audit, logger } = deps;
  const customers = customerSql(file);
  const cards = savedCardSql(file);
  const consents = consentSql(file);
  // Each write reaches the disk at its commit: a saved card is written once its sale is
  // settled, and a settled sale is not settled again after a power cut to write it anew.
  const write = <T>(work: () => T) => inTransaction(file.db, work);

  const cardView = (card: SavedCardRow, now: number): SavedCardView => ({
    cardId: card.cardId,
    brand: card.token.brand,
    last4: card.token.maskedCard.slice(-4),
    maskedCard: card.token.maskedCard,
    expiryMonth: card.token.expiryMonth,
    expiryYear: card.token.expiryYear,
    state: cardStateAt({ ...card.token, flag: card.flag }, now),
    agreement: card.agreement,
    savedAt: card.savedAt,
    savedBy: card.savedBy,
  });

  const view = (row: CustomerRow): CustomerView => {
    const now = clock.now();
    return { ...row, cards: cards.ofCustomer(row.customerId).map((card) => cardView(card, now)) };
  };

  const existing = (customerId: string): CustomerRow => {
    const row = customers.get(customerId);
    if (!row) throw failure('customer-not-found');
    return row;
  };

  const savedCard = (customerId: string, cardId: string): SavedCardRow => {
    existing(customerId);
    const card = cards.get(customerId, cardId);
    if (!card) throw failure('saved-card-not-found');
    return card;
  };

  return {
    async search(query) {
      const match: CustomerMatch = searchTerms(query, deps.settings().merchantCountry);
      return customers.search(match, SEARCH_LIMIT).map(view);
    },

    async get(customerId) {
      return view(existing(customerId));
    },

    async save(request, operator) {
      const checked = validateCustomer(request, deps.settings().merchantCountry);
      if (!checked.ok) throw failure('customer-invalid', { ...checked.error });
      const now = clock.now();
      const customerId = request.customerId ?? ids.uuid();
      write(() => {
        if (request.customerId === undefined)
          customers.insert(customerId, checked.value, operator, now);
        else if (!customers.update(customerId, checked.value, now))
          throw failure('customer-not-found');
      });
      return view(existing(customerId));
    },

    async delete(customerId, operator, reason) {
      const deletedCards = write(() => {
        existing(customerId);
        const masks = cards.ofCustomer(customerId).map((card) => card.token.maskedCard);
        const removed = cards.removeAll(customerId);
        customers.delete(customerId);
        audit.record('customer-deleted', {
          operatorId: operator,
          subject: customerId,
          detail:
            // The customer's name is not repeated here: the audit trail outlives the deletion.
            `deleted the customer and ${removed} saved card(s)` +
            (masks.length > 0 ? `: ${masks.join(', ')}` : '') +
            because(reason),
        });
        return removed;
      });
      return { deletedCards };
    },

    async removeCard(customerId, cardId, operator, reason) {
      write(() => {
        const card = savedCard(customerId, cardId);
        cards.remove(customerId, cardId);
        audit.record('saved-card-removed', {
          operatorId: operator,
          subject: customerId,
          detail:
            `removed saved card ${card.token.brand ?? 'card'} ${card.token.maskedCard}` +
            because(reason),
        });
      });
      return view(existing(customerId));
    },

    async recordConsent({ customerId, language, agreementType, operator }) {
      const customer = existing(customerId);
      const consentId = ids.uuid();
      const agreement = { id: `PD-AG-${ids.uuid()}`, type: agreementType };
      // Settings refuse a card number in the merchant's name; masking here keeps that true
      // of this table even for a name stored before that rule.
      const text = storableText(
        consentText(language, { merchantName: deps.settings().merchantName, agreementType }),
        2000,
      );
      write(() =>
        consents.append({
          consentId,
          customerId,
          customerName: customer.name,
          at: clock.now(),
          operator,
          language,
          text,
          agreementId: agreement.id,
          agreementType,
        }),
      );
      return { consentId, agreement };
    },

    async cardFor(customerId, cardId) {
      const card = savedCard(customerId, cardId);
      return {
        token: card.token,
        agreement: card.agreement,
        state: cardStateAt({ ...card.token, flag: card.flag }, clock.now()),
      };
    },

    tokenIssued(facts) {
      const { attemptId, customerId, consentId, agreement, operator } = facts;
      const token = keptToken(facts.token);
      // A failure to keep the card must not undo the sale it came with: the payment stands,
      // the card is simply not saved, and the log says why (never with the token).
      try {
        write(() => {
          if (cards.issuedBy(attemptId) !== null) return;
          const agreed = consents.agreementOf(consentId, customerId);
          // The customer may have been deleted while the sale ran: their card is not kept. A
          // consent that is not theirs or names another agreement is a fault upstream:
          // nothing is saved rather than a card without its consent.
          const refusal =
            token === null
              ? 'token facts refused'
              : customers.get(customerId) === null
                ? 'customer gone'
                : agreed?.id !== agreement.id || agreed.type !== agreement.type
                  ? 'consent does not match'
                  : null;
          if (refusal !== null || token === null) {
            logger.warn('saved card not kept', { attemptId, reason: refusal });
            return;
          }
          const now = clock.now();
          cards.save(
            {
              cardId: ids.uuid(),
              customerId,
              token,
              agreement,
              consentId,
              attemptId,
              savedAt: now,
              savedBy: operator,
            },
            now,
          );
        });
      } catch (error) {
        logger.error('saved card not kept', {
          attemptId,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    },

    tokenRefused({ customerId, cardId, code, expired }) {
      write(() =>
        cards.flag(customerId, cardId, expired ? 'expired' : 'refused', code, clock.now()),
      );
    },
  };
}
