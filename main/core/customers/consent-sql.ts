import type { AgreementType } from '../../../shared/ipc-customers';
import type { SqliteFile } from '../platform/statement-cache';

/** A consent as recorded: who agreed, when, before which operator, in which words. */
export interface ConsentRecord {
  consentId: string;
  customerId: string;
  /** The customer's name when they agreed: the record outlives the customer. */
  customerName: string;
  at: number;
  operator: string | null;
  language: 'en' | 'ar';
  text: string;
  agreementId: string;
  agreementType: AgreementType;
}

/** The card_consents table of the journal file (step 16): append-only, its triggers say so. */
export function consentSql({ prepare }: SqliteFile) {
  return {
    append(consent: ConsentRecord) {
      prepare(
        `INSERT INTO card_consents (consent_id, customer_id, customer_name, at, operator,
           language, text, agreement_id, agreement_type)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        consent.consentId,
        consent.customerId,
        consent.customerName,
        consent.at,
        consent.operator,
        consent.language,
        consent.text,
        consent.agreementId,
        consent.agreementType,
      );
    },

    /** The agreement a consent set up, when it is this customer's. */
    agreementOf(consentId: string, customerId: string): { id: string; type: AgreementType } | null {
      const row = prepare(
        `SELECT agreement_id, agreement_type FROM card_consents
         WHERE consent_id = ? AND customer_id = ?`,
      ).get(consentId, customerId);
      if (row === undefined) return null;
      return { id: String(row.agreement_id), type: row.agreement_type as AgreementType };
    },
  };
}
