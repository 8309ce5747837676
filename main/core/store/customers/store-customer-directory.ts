import { consentText } from '../../../../shared/card-consent';
import { validateCustomer } from '../../../../shared/customer-rules';
import type { CustomerView, SavedCardView } from '../../../../shared/ipc-customers';
import type { AuditTrail } from '../../audit/audit-trail';
import { CodedFailure } from '../../coded-failure';
import type { CustomerDirectory } from '../../customers/customer-directory';
import { searchTerms } from '../../customers/customer-search';
import { cardStateAt, keptToken } from '../../customers/saved-card-rules';
import { storableText } from '../../journal/card-data-guard';
import type { CardAgreement, Clock, Logger } from '../../ports';
import type { StoredCard, StoredCustomer } from './store-customers';
import type { StoreCustomersTransport } from './store-customers-transport';

export interface StoreCustomerDirectoryDeps {
  /** The store thread's requests (store-client.ts). */
  transport: () => StoreCustomersTransport;
  /**
   * The merchant account this counter's gateway settings hold (its public key), or null
   * without credentials. The store compares it with the account IT bound the counter to.
   */
  merchant: () => Promise<string | null>;
  clock: Clock;
  audit: Pick<AuditTrail, 'record'>;
  logger: Logger;
  /** Read per call: the consent names the merchant; a phone without code is the store's. */
  settings: () => { merchantName: string; merchantCountry: string };
  /** How long a token the store could not take waits before the next try (doubling, to 60 s). */
  retryMs?: number;
}

const SEARCH_LIMIT = 50;

/** The store did not answer: a token it should keep is tried again, nothing else is. */
const unanswered = new Set(['store-unreachable', 'store-not-configured', 'store-unavailable']);

const agreementOf = (card: {
  agreementId: string | null;
  agreementType: CardAgreement['type'] | null;
}): CardAgreement | null =>
  card.agreementId === null || card.agreementType === null
    ? null
    : { id: card.agreementId, type: card.agreementType };

const flagOf = (state: StoredCard['state']) => (state === 'usable' ? null : state);

/**
 * The customers directory in store mode (docs/store.md, "Customers and saved cards"): the
 * same CustomerDirectory as the journal's (customers/sqlite-customer-directory.ts), kept in
 * the store for every counter of the merchant account, through the store thread. The rules
 * are the directory's own (customer-rules, saved-card-rules, customer-search, the consent's
 * words); the store checks the counter and its account on every call. A token id travels only
 * between the store and the payment engine (`cardFor`, `tokenIssued`): never to a view, a log
 * line or the audit trail. Without the store nothing is read or written elsewhere: the
 * refusal says the store cannot be reached, and keyed sales go on as ever.
 */
export function createStoreCustomerDirectory(deps: StoreCustomerDirectoryDeps): CustomerDirectory {
  const { clock, audit, logger } = deps;

  const merchant = async (): Promise<string> => {
    const key = await deps.merchant();
    if (key === null) throw new CodedFailure('credentials-missing');
    return key;
  };

  const cardView = (card: StoredCard, now: number): SavedCardView => ({
    cardId: card.cardId,
    brand: card.brand,
    last4: card.last4,
    maskedCard: card.maskedCard,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
    state: cardStateAt({ ...card, flag: flagOf(card.state) }, now),
    agreement: agreementOf(card),
    savedAt: card.savedAt,
    savedBy: card.savedBy,
  });

  const view = ({ cards, ...customer }: StoredCustomer): CustomerView => {
    const now = clock.now();
    return { ...customer, cards: cards.map((card) => cardView(card, now)) };
  };

  const existing = async (customerId: string): Promise<StoredCustomer> => {
    const found = await deps.transport().get({ merchant: await merchant(), customerId });
    if (found === null) throw new CodedFailure('customer-not-found');
    return found;
  };

  /** Keeps a token, trying again while the store does not answer (for this run). */
  const keep = (request: Parameters<StoreCustomersTransport['saveCard']>[0], waitMs: number) => {
    deps
      .transport()
      .saveCard(request)
      .catch((error: unknown) => {
        const code = error instanceof CodedFailure ? error.code : null;
        if (code !== null && unanswered.has(code)) {
          logger.warn('saved card waits for the store', { attemptId: request.attemptId });
          setTimeout(() => keep(request, Math.min(waitMs * 2, 60_000)), waitMs).unref();
          return;
        }
        // A payment's card the store refused (customer deleted meanwhile, another account):
        // the sale stands, the card is not kept, the log says why (never with the token).
        logger.warn('saved card not kept', { attemptId: request.attemptId, reason: code });
      });
  };

  return {
    async search(query) {
      const match = searchTerms(query, deps.settings().merchantCountry);
      const found = await deps
        .transport()
        .search({ merchant: await merchant(), match, limit: SEARCH_LIMIT });
      return found.map(view);
    },

    async get(customerId) {
      return view(await existing(customerId));
    },

    async save(request, operator) {
      const checked = validateCustomer(request, deps.settings().merchantCountry);
      if (!checked.ok) throw new CodedFailure('customer-invalid', { ...checked.error });
      const saved = await deps.transport().save({
        merchant: await merchant(),
        customerId: request.customerId ?? null,
        ...checked.value,
        operator,
      });
      return view(saved);
    },

    async delete(customerId, operator) {
      const masks = (await existing(customerId)).cards.map((card) => card.maskedCard);
      const { deletedCards } = await deps
        .transport()
        .delete({ merchant: await merchant(), customerId, operator });
      audit.record('customer-deleted', {
        operatorId: operator,
        subject: customerId,
        detail:
          `deleted the customer and ${deletedCards} saved card(s) in the store` +
          (masks.length > 0 ? `: ${masks.join(', ')}` : ''),
      });
      return { deletedCards };
    },

    async removeCard(customerId, cardId, operator) {
      const card = (await existing(customerId)).cards.find((kept) => kept.cardId === cardId);
      if (card === undefined) throw new CodedFailure('saved-card-not-found');
      const after = await deps.transport().removeCard({
        merchant: await merchant(),
        customerId,
        cardId,
        operator,
        why: 'removed at the customer’s request',
      });
      audit.record('saved-card-removed', {
        operatorId: operator,
        subject: customerId,
        detail: `removed saved card ${card.brand ?? 'card'} ${card.maskedCard} in the store`,
      });
      return view(after);
    },

    async recordConsent({ customerId, language, agreementType, operator }) {
      // Settings refuse a card number in the merchant's name; masking keeps that true of the
      // store's consents even for a name saved before that rule.
      const text = storableText(
        consentText(language, { merchantName: deps.settings().merchantName, agreementType }),
        2000,
      );
      const made = await deps.transport().recordConsent({
        merchant: await merchant(),
        customerId,
        operator,
        language,
        text,
        agreementType,
      });
      return {
        consentId: made.consentId,
        agreement: { id: made.agreementId, type: agreementType },
      };
    },

    async cardFor(customerId, cardId) {
      const found = await deps
        .transport()
        .cardToken({ merchant: await merchant(), customerId, cardId });
      if (found === null) throw new CodedFailure('saved-card-not-found');
      const { tokenId, maskedCard, brand, expiryMonth, expiryYear } = found;
      return {
        token: { tokenId, maskedCard, brand, expiryMonth, expiryYear },
        agreement: agreementOf(found),
        state: cardStateAt({ expiryMonth, expiryYear, flag: flagOf(found.state) }, clock.now()),
      };
    },

    tokenIssued(facts) {
      const token = keptToken(facts.token);
      if (token === null) {
        logger.warn('saved card not kept', {
          attemptId: facts.attemptId,
          reason: 'token facts refused',
        });
        return;
      }
      merchant().then(
        (key) =>
          keep(
            {
              merchant: key,
              attemptId: facts.attemptId,
              customerId: facts.customerId,
              consentId: facts.consentId,
              agreementId: facts.agreement.id,
              operator: facts.operator,
              token,
            },
            deps.retryMs ?? 5_000,
          ),
        () =>
          logger.warn('saved card not kept', {
            attemptId: facts.attemptId,
            reason: 'credentials-missing',
          }),
      );
    },

    tokenRefused({ customerId, cardId, code, expired }) {
      merchant()
        .then((key) =>
          deps.transport().cardRefused({ merchant: key, customerId, cardId, code, expired }),
        )
        .catch((error: unknown) =>
          logger.warn('saved card refusal not recorded', {
            cardId,
            reason: error instanceof CodedFailure ? error.code : String(error),
          }),
        );
    },
  };
}
