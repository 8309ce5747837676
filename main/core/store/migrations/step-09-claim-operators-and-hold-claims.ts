import type { StoreMigration } from './store-migration';

/**
 * Store step 9:
 * - who gave a claimed refund: a claim names the acting counter's operator and approver, so
 *   the payment's own counter, adopting the refund into its journal
 *   (store/claims/adopt-actions-elsewhere.ts), credits it to them in its ledger and Z report
 *   (likewise a capture or release of its hold).
 *   The partial index serves that adoption's "settled lately" reads without scanning every
 *   claim ever made;
 * - captures and releases of another counter's hold (store/claims/hold-claims.ts): the refund
 *   settlement keeps to refund claims (step 3's function settled claims of every kind by the
 *   refunded total), and hold claims past their deadline settle from the hold's standing at
 *   the gateway, through a function of the schema's owner as step 3's does.
 */
export const claimOperatorsAndHoldClaims: StoreMigration = {
  version: 9,
  name: 'who gave a claimed refund; claims on holds',
  sql: `
    ALTER TABLE store_claims
      ADD COLUMN operator_id text CHECK (length(operator_id) BETWEEN 1 AND 32),
      ADD COLUMN approver_id text CHECK (length(approver_id) BETWEEN 1 AND 32);
    CREATE INDEX store_claims_done_by_settled ON store_claims (settled_at) WHERE state = 'done';

    CREATE OR REPLACE FUNCTION settle_expired_claims(p_order_id text, p_refunded_minor bigint)
    RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
      UPDATE store_claims SET
        state = CASE WHEN baseline_minor + amount_minor <= p_refunded_minor
          THEN 'done' ELSE 'not-done' END,
        settled_at = now(),
        refunded_after_minor = p_refunded_minor
      WHERE order_id = p_order_id AND kind = 'refund-sent' AND state = 'in-doubt'
        AND settle_after < now()
    $$;

    -- p_standing: 'held', 'captured', 'voided' or 'lapsed' as just read from the gateway
    -- (never 'unknown': an unclear order settles nothing). A capture is done once the hold
    -- is taken; a release once it is given back; past the deadline, anything else is not done.
    CREATE FUNCTION settle_expired_hold_claims(p_order_id text, p_standing text)
    RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
      UPDATE store_claims SET
        state = CASE
          WHEN kind = 'capture-sent' AND p_standing = 'captured' THEN 'done'
          WHEN kind = 'release-sent' AND p_standing IN ('voided', 'lapsed') THEN 'done'
          ELSE 'not-done' END,
        settled_at = now()
      WHERE order_id = p_order_id AND kind IN ('capture-sent', 'release-sent')
        AND state = 'in-doubt' AND settle_after < now()
        AND p_standing IN ('held', 'captured', 'voided', 'lapsed')
    $$;
    REVOKE ALL ON FUNCTION settle_expired_hold_claims(text, text) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION settle_expired_hold_claims(text, text) TO paydesk_counter;
  `,
};
