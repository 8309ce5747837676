import type { StoreMigration } from './store-migration';

/**
 * Store step 3: claims, the store's record of a counter acting on a payment at
 * the gateway (its own or another counter's). A claim is written before the request leaves,
 * under an advisory lock on the order, so what every counter has in flight on one order is
 * known before the next one sends (docs/store.md, "Acting on another counter's payment").
 *
 * - `baseline_minor`: the refunded total the claimant counted on (the gateway's, or a
 *   settled claim's if higher): the claim is done once the gateway shows baseline + amount.
 * - `settle_after`: server time after which a claim the gateway does not show is not done
 *   (the refund deadline of DESIGN.md §3); server time, so counters' clocks do not matter.
 * - `refunded_after_minor`: the gateway's refunded total when the claim settled, which a
 *   lagging Get order on another counter cannot take back.
 */
export const claims: StoreMigration = {
  version: 3,
  name: 'claims on orders',
  sql: `
    CREATE TABLE store_claims (
      claim_id uuid PRIMARY KEY,
      order_id text NOT NULL,
      counter_id text NOT NULL REFERENCES counters,
      kind text NOT NULL CHECK (kind IN ('refund-sent', 'capture-sent', 'release-sent')),
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      currency text NOT NULL,
      baseline_minor bigint NOT NULL CHECK (baseline_minor >= 0),
      state text NOT NULL DEFAULT 'in-doubt' CHECK (state IN ('in-doubt', 'done', 'not-done')),
      claimed_at timestamptz NOT NULL DEFAULT now(),
      settle_after timestamptz NOT NULL,
      settled_at timestamptz,
      refunded_after_minor bigint CHECK (refunded_after_minor >= 0)
    );
    CREATE INDEX store_claims_by_order ON store_claims (order_id, claimed_at);
    CREATE INDEX store_claims_in_doubt ON store_claims (order_id) WHERE state = 'in-doubt';

    -- Settling another counter's claim past its deadline is the one write a counter makes
    -- to rows not its own: a function of the schema's owner (row-level security, step 5,
    -- lets a counter's role update only its own claims), doing exactly that and no more.
    CREATE FUNCTION settle_expired_claims(p_order_id text, p_refunded_minor bigint)
    RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
      UPDATE store_claims SET
        state = CASE WHEN baseline_minor + amount_minor <= p_refunded_minor
          THEN 'done' ELSE 'not-done' END,
        settled_at = now(),
        refunded_after_minor = p_refunded_minor
      WHERE order_id = p_order_id AND state = 'in-doubt' AND settle_after < now()
    $$;
    REVOKE ALL ON FUNCTION settle_expired_claims(text, bigint) FROM PUBLIC;
  `,
};
