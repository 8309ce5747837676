import { z } from 'zod';
import type { CardAgreement, SavedCardToken } from '../ports';
import type { SqliteFile } from '../platform/statement-cache';

/** A saved card as the journal keeps it: the token, never a card number or CVV. */
export interface SavedCardRow {
  cardId: string;
  customerId: string;
  token: SavedCardToken;
  agreement: CardAgreement | null;
  consentId: string;
  flag: 'expired' | 'refused' | null;
  savedAt: number;
  savedBy: string | null;
}

/** A new card: its mask already checked by storableMask. */
export interface NewSavedCard extends Omit<SavedCardRow, 'flag'> {
  attemptId: string;
}

const rowSchema = z.object({
  card_id: z.string(),
  customer_id: z.string(),
  token_id: z.string(),
  masked_card: z.string(),
  brand: z.string().nullable(),
  expiry_month: z.number(),
  expiry_year: z.number(),
  agreement_id: z.string().nullable(),
  agreement_type: z.enum(['Unscheduled', 'Recurring']).nullable(),
  consent_id: z.string(),
  flag: z.enum(['expired', 'refused']).nullable(),
  saved_at: z.number(),
  saved_by: z.string().nullable(),
});

const toRow = (raw: unknown): SavedCardRow => {
  const row = rowSchema.parse(raw);
  return {
    cardId: row.card_id,
    customerId: row.customer_id,
    token: {
      tokenId: row.token_id,
      maskedCard: row.masked_card,
      brand: row.brand,
      expiryMonth: row.expiry_month,
      expiryYear: row.expiry_year,
    },
    agreement:
      row.agreement_id !== null && row.agreement_type !== null
        ? { id: row.agreement_id, type: row.agreement_type }
        : null,
    consentId: row.consent_id,
    flag: row.flag,
    savedAt: row.saved_at,
    savedBy: row.saved_by,
  };
};

const columns = `card_id, customer_id, token_id, masked_card, brand, expiry_month, expiry_year,
  agreement_id, agreement_type, consent_id, flag, saved_at, saved_by`;

/** The saved_cards and saved_card_issues tables of the journal file (step 16). */
export function savedCardSql({ prepare }: SqliteFile) {
  return {
    /** The card an attempt already saved, if it did: a token is saved once per attempt. */
    issuedBy(attemptId: string): string | null {
      const row = prepare('SELECT card_id FROM saved_card_issues WHERE attempt_id = ?').get(
        attemptId,
      );
      return row === undefined ? null : String(row.card_id);
    },

    /**
     * Saves the card, or, when the customer already has this token (the same card saved
     * again under a new consent), renews that card's agreement, consent and expiry and lifts
     * its flag. Returns the card id either way.
     */
    save(card: NewSavedCard, now: number): string {
      const { token } = card;
      const saved = prepare(
        `INSERT INTO saved_cards (card_id, customer_id, token_id, masked_card, last4, brand,
           expiry_month, expiry_year, agreement_id, agreement_type, consent_id, attempt_id,
           saved_at, saved_by)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (customer_id, token_id) DO UPDATE SET
           masked_card = excluded.masked_card, last4 = excluded.last4, brand = excluded.brand,
           expiry_month = excluded.expiry_month, expiry_year = excluded.expiry_year,
           agreement_id = excluded.agreement_id, agreement_type = excluded.agreement_type,
           consent_id = excluded.consent_id, attempt_id = excluded.attempt_id,
           flag = NULL, flag_code = NULL, flagged_at = NULL,
           saved_at = excluded.saved_at, saved_by = excluded.saved_by
         RETURNING card_id`,
      ).get(
        card.cardId,
        card.customerId,
        token.tokenId,
        token.maskedCard,
        token.maskedCard.slice(-4),
        token.brand,
        token.expiryMonth,
        token.expiryYear,
        card.agreement?.id ?? null,
        card.agreement?.type ?? null,
        card.consentId,
        card.attemptId,
        card.savedAt,
        card.savedBy,
      );
      const cardId = String(saved?.card_id);
      prepare('INSERT INTO saved_card_issues (attempt_id, card_id, at) VALUES (?, ?, ?)').run(
        card.attemptId,
        cardId,
        now,
      );
      return cardId;
    },

    /** Oldest first. */
    ofCustomer(customerId: string): SavedCardRow[] {
      return prepare(
        `SELECT ${columns} FROM saved_cards WHERE customer_id = ? ORDER BY saved_at, rowid`,
      )
        .all(customerId)
        .map(toRow);
    },

    get(customerId: string, cardId: string): SavedCardRow | null {
      const raw = prepare(
        `SELECT ${columns} FROM saved_cards WHERE customer_id = ? AND card_id = ?`,
      ).get(customerId, cardId);
      return raw === undefined ? null : toRow(raw);
    },

    /** False when the card is not the customer's. */
    flag(
      customerId: string,
      cardId: string,
      flag: 'expired' | 'refused',
      code: string,
      now: number,
    ): boolean {
      const changed = prepare(
        `UPDATE saved_cards SET flag = ?, flag_code = ?, flagged_at = ?
         WHERE customer_id = ? AND card_id = ?`,
      ).run(flag, code, now, customerId, cardId).changes;
      return Number(changed) > 0;
    },

    remove(customerId: string, cardId: string): boolean {
      const changed = prepare('DELETE FROM saved_cards WHERE customer_id = ? AND card_id = ?').run(
        customerId,
        cardId,
      ).changes;
      return Number(changed) > 0;
    },

    /** How many cards went. */
    removeAll(customerId: string): number {
      return Number(
        prepare('DELETE FROM saved_cards WHERE customer_id = ?').run(customerId).changes,
      );
    },
  };
}
