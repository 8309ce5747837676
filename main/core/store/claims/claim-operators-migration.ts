import type { StoreMigration } from '../store-migrations';

/**
 * Store step 9 (issue 20, the app's path): who gave a refund at another counter. A claim now
 * names the acting counter's operator and approver, so the payment's own counter, adopting
 * the refund into its journal (claims/refunds-elsewhere.ts), credits it to them in its ledger
 * and Z report as if given there. The partial index serves that adoption's "refunds settled
 * since" read without scanning every claim ever made.
 */
export const claimOperatorsMigration: StoreMigration = {
  version: 9,
  name: 'who gave a claimed refund',
  sql: `
    ALTER TABLE store_claims
      ADD COLUMN operator_id text CHECK (length(operator_id) BETWEEN 1 AND 32),
      ADD COLUMN approver_id text CHECK (length(approver_id) BETWEEN 1 AND 32);
    CREATE INDEX store_claims_refunds_settled ON store_claims (settled_at)
      WHERE state = 'done' AND kind = 'refund-sent';
  `,
};
