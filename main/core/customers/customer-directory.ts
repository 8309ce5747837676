import type {
  AgreementType,
  CustomerSaveRequest,
  CustomerView,
  SavedCardState,
} from '../../../shared/ipc-customers';
import type { CardAgreement, SavedCardSink, SavedCardToken } from '../ports';

/** Who acts: the signed-in operator's id, null when operators are off. */
export type Actor = string | null;

/** What a saved card pays with: the token and its agreement, for the payment engine only. */
export interface SavedCardForPayment {
  token: SavedCardToken;
  /** Null for a card saved without an agreement: no merchant-initiated payment with it. */
  agreement: CardAgreement | null;
  state: SavedCardState;
}

export interface ConsentRequest {
  customerId: string;
  language: 'en' | 'ar';
  agreementType: AgreementType;
  operator: Actor;
}

/** The consent as recorded, and the agreement the sale sends with `cardOnFile`. */
export interface RecordedConsent {
  consentId: string;
  /** `PD-AG-<uuid>`: our agreement id, new for each consent. */
  agreement: CardAgreement;
}

/**
 * The customers a phone-order agent serves again and the cards they agreed to keep on file:
 * on the journal's database on one counter, in the store in store mode. Refusals are
 * CodedFailures (`customer-not-found`, `customer-invalid`, `saved-card-not-found`). A card's
 * `state` is judged when read: one whose expiry month has passed by the clock is `expired`,
 * whatever was stored. The token id never leaves through a CustomerView; only `cardFor`
 * hands it out, to the payment engine.
 */
export interface CustomerDirectory extends SavedCardSink {
  /** Customers whose name, phone or a card's last 4 match `query`, at most 50. */
  search(query: string): Promise<CustomerView[]>;
  get(customerId: string): Promise<CustomerView>;
  /** Creates (no `customerId`) or replaces a customer's details, checked by customer-rules. */
  save(request: CustomerSaveRequest, operator: Actor): Promise<CustomerView>;
  /**
   * Deletes the customer and their tokens at our side; audited, with `reason` when given
   * (already checked as operator text). How many cards went.
   */
  delete(
    customerId: string,
    operator: Actor,
    reason?: string | null,
  ): Promise<{ deletedCards: number }>;
  /** Removes one saved card (the screen asked for confirmation); audited with its mask. */
  removeCard(
    customerId: string,
    cardId: string,
    operator: Actor,
    reason?: string | null,
  ): Promise<CustomerView>;
  /**
   * Records the consent with the exact words of shared/card-consent.ts in `language`,
   * before the sale that saves the card is sent. Append-only.
   */
  recordConsent(request: ConsentRequest): Promise<RecordedConsent>;
  /** The token to pay with; `saved-card-not-found` when the card is not this customer's. */
  cardFor(customerId: string, cardId: string): Promise<SavedCardForPayment>;
}
