import type { CustomerDirectory } from '../../customers/customer-directory';

/**
 * The live mode's customers directory: the store's while this counter is in a store (its
 * customers and saved cards are the merchant account's, shared by every counter), the
 * journal's otherwise. Asked per call, so joining or leaving a store needs no restart; a card
 * the engine reports is kept where the directory is at that moment.
 */
export function customersInStoreMode(
  own: CustomerDirectory,
  store: CustomerDirectory,
  inStore: () => boolean,
): CustomerDirectory {
  const now = () => (inStore() ? store : own);
  return {
    search: (query) => now().search(query),
    get: (customerId) => now().get(customerId),
    save: (request, operator) => now().save(request, operator),
    delete: (customerId, operator) => now().delete(customerId, operator),
    removeCard: (customerId, cardId, operator) => now().removeCard(customerId, cardId, operator),
    recordConsent: (request) => now().recordConsent(request),
    cardFor: (customerId, cardId) => now().cardFor(customerId, cardId),
    tokenIssued: (facts) => now().tokenIssued(facts),
    tokenRefused: (facts) => now().tokenRefused(facts),
  };
}
