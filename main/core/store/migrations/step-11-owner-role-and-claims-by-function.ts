import type { StoreMigration } from './store-migration';
import { ownRowsPolicies } from './step-05-counter-roles';

/**
 * Store step 11: nothing a counter's role can reach gives it more rights (docs/security.md,
 * "Store mode"). Before it, the functions settling claims ran as the schema's owner (IT's
 * user, often with CREATEROLE) with `search_path = public` and so `pg_temp` first: a counter's
 * temporary table named like a store table, with a trigger, ran as that owner. And a counter
 * wrote its claims' `state`, `settle_after` and baseline itself.
 *
 * - Every table, sequence and function of the store is owned by `paydesk_owner`, a role that
 *   cannot log in, create roles or databases (`storeOwnership` below, which every later step
 *   ends with for what it makes).
 * - Counters lose TEMP on the database and CREATE anywhere: no object of theirs can stand in
 *   for a store object, whatever a function's search path.
 * - Every SECURITY DEFINER function pins `search_path = public, pg_temp` and names every table
 *   by its schema.
 * - Claims are made and advanced only through the functions below, which take the counter from
 *   the login (`paydesk_acting_counter`) and set the state, the deadline (at most the refund
 *   deadline, 17 minutes, in server time) and the baseline themselves.
 * - An upgraded store ends as a new one would: a trigger, or a SECURITY DEFINER function, that
 *   Paydesk did not make stops the upgrade (someone had the owner's rights: a database
 *   administrator must look first); every grant and policy is dropped and made again as
 *   intended, counter roles lose any other role they were given, and the functions the
 *   policies rely on are written again.
 */

/** Store tables a counter writes its own rows of (steps 5 and 7; through functions since 13). */
export const ownRowTables = [
  'counters',
  'store_attempts',
  'store_events',
  'store_ledger',
  'store_links',
  'store_link_events',
  'store_shifts',
  'store_z_reports',
];

/** Refuses a store with triggers or definer functions Paydesk never made. */
const refuseTampered = `
  DO $$
  DECLARE found text;
  BEGIN
    SELECT string_agg(c.relname || '.' || t.tgname, ', ') INTO found
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal;
    IF found IS NOT NULL THEN
      RAISE EXCEPTION 'the store has triggers Paydesk did not make (%): a database administrator must check the store before this update', found;
    END IF;
    SELECT string_agg(p.oid::regprocedure::text, ', ') INTO found
    FROM pg_proc p
    WHERE p.pronamespace = 'public'::regnamespace AND p.prosecdef
      AND p.proname NOT IN ('settle_expired_claims', 'settle_expired_hold_claims')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e');
    IF found IS NOT NULL THEN
      RAISE EXCEPTION 'the store has functions running as their owner that Paydesk did not make (%): a database administrator must check the store before this update', found;
    END IF;
  END $$;`;

/** Drops every grant to counters and PUBLIC, every policy, and counters' other roles. */
const resetRights = `
  DO $$
  DECLARE item record;
  BEGIN
    FOR item IN
      SELECT 'PUBLIC' AS grantee
      UNION ALL SELECT 'paydesk_counter'
      UNION ALL SELECT quote_ident(m.rolname) FROM pg_auth_members a
        JOIN pg_roles m ON m.oid = a.member WHERE a.roleid = 'paydesk_counter'::regrole
    LOOP
      EXECUTE format('REVOKE ALL ON ALL TABLES IN SCHEMA public FROM %s', item.grantee);
      EXECUTE format('REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM %s', item.grantee);
      EXECUTE format('REVOKE ALL ON ALL FUNCTIONS IN SCHEMA public FROM %s', item.grantee);
    END LOOP;
    FOR item IN
      SELECT quote_ident(g.rolname) AS grp, quote_ident(m.rolname) AS member
      FROM pg_auth_members a
        JOIN pg_roles g ON g.oid = a.roleid JOIN pg_roles m ON m.oid = a.member
      WHERE a.roleid <> 'paydesk_counter'::regrole AND a.member IN (
        SELECT c.member FROM pg_auth_members c WHERE c.roleid = 'paydesk_counter'::regrole)
    LOOP
      EXECUTE format('REVOKE %s FROM %s', item.grp, item.member);
    END LOOP;
    FOR item IN SELECT policyname, tablename FROM pg_policies WHERE schemaname = 'public' LOOP
      EXECUTE format('DROP POLICY %I ON public.%I', item.policyname, item.tablename);
    END LOOP;
  END $$;`;

/** The rights counters have after this step: each a grant or policy of steps 5 to 8. */
const intendedRights = `
  CREATE OR REPLACE FUNCTION public.store_counter_id() RETURNS text LANGUAGE sql STABLE AS $$
    SELECT substring(current_user FROM '^paydesk_counter_([A-Za-z0-9_-]{1,32})$')
  $$;
  GRANT EXECUTE ON FUNCTION public.store_counter_id() TO paydesk_counter;
  GRANT SELECT, INSERT, UPDATE ON ${ownRowTables.join(', ')} TO paydesk_counter;
  ${ownRowTables.map(ownRowsPolicies).join('\n')}
  GRANT SELECT ON store_schema, store_claims TO paydesk_counter;
  ALTER TABLE store_claims ENABLE ROW LEVEL SECURITY;
  CREATE POLICY store_claims_read ON store_claims FOR SELECT TO paydesk_counter USING (true);
  GRANT SELECT, INSERT ON store_audit, store_audit_keys TO paydesk_counter;
  ALTER TABLE store_audit ENABLE ROW LEVEL SECURITY;
  CREATE POLICY store_audit_read ON store_audit FOR SELECT TO paydesk_counter USING (true);
  CREATE POLICY store_audit_insert ON store_audit FOR INSERT TO paydesk_counter
    WITH CHECK (counter_id = store_counter_id());
  ALTER TABLE store_audit_keys ENABLE ROW LEVEL SECURITY;
  CREATE POLICY store_audit_keys_read ON store_audit_keys FOR SELECT TO paydesk_counter
    USING (true);
  CREATE POLICY store_audit_keys_insert ON store_audit_keys FOR INSERT TO paydesk_counter
    WITH CHECK (counter_id = store_counter_id());
  -- Operators as step 5 left them, until step 12 takes them from counters.
  GRANT SELECT, INSERT, UPDATE ON store_operators TO paydesk_counter;
  ALTER TABLE store_operators ENABLE ROW LEVEL SECURITY;
  CREATE POLICY store_operators_read ON store_operators FOR SELECT TO paydesk_counter
    USING (true);
  CREATE POLICY store_operators_insert ON store_operators FOR INSERT TO paydesk_counter
    WITH CHECK (counter_id = store_counter_id());
  CREATE POLICY store_operators_update ON store_operators FOR UPDATE TO paydesk_counter
    USING (true) WITH CHECK (counter_id = store_counter_id());
  GRANT USAGE ON SEQUENCE store_change_seq TO paydesk_counter;
  GRANT EXECUTE ON FUNCTION settle_expired_claims(text, bigint),
    settle_expired_hold_claims(text, text) TO paydesk_counter;`;

/**
 * Hands every store object in `public` (not an extension's) to `paydesk_owner`. The migrating
 * user must be able to act as that role (a superuser, or IT's user, made a member here).
 */
export const storeOwnership = `
  DO $owner$
  DECLARE item record;
  BEGIN
    FOR item IN
      SELECT c.oid::regclass AS name,
        CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' ELSE 'TABLE' END AS kind
      FROM pg_class c
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'S', 'v')
        AND c.relowner <> 'paydesk_owner'::regrole
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
    LOOP
      EXECUTE format('ALTER %s %s OWNER TO paydesk_owner', item.kind, item.name);
    END LOOP;
    FOR item IN
      SELECT p.oid::regprocedure AS name FROM pg_proc p
      WHERE p.pronamespace = 'public'::regnamespace AND p.proowner <> 'paydesk_owner'::regrole
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
    LOOP
      EXECUTE format('ALTER FUNCTION %s OWNER TO paydesk_owner', item.name);
    END LOOP;
  END $owner$;`;

/** The refund deadline (EngineTuning.refundSettleMs): no claim stays in doubt longer. */
const claimWindow = (ms: string) =>
  `make_interval(secs => least(greatest(coalesce(${ms}, 0), 0), 1020000) / 1000.0)`;

export const ownerRoleAndClaimsByFunction: StoreMigration = {
  version: 11,
  name: 'a store owner that cannot log in; claims made by the store',
  sql: `
    ${refuseTampered}
    DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'paydesk_owner') THEN
        CREATE ROLE paydesk_owner NOLOGIN NOCREATEROLE NOCREATEDB;
      END IF;
    END $$;
    -- Made elsewhere on this server with more rights, it gets these again.
    ALTER ROLE paydesk_owner NOLOGIN NOCREATEROLE NOCREATEDB;
    DO $$ BEGIN
      IF NOT pg_has_role(current_user, 'paydesk_owner', 'USAGE') THEN
        EXECUTE format('GRANT paydesk_owner TO %I', current_user);
      END IF;
    END $$;
    GRANT USAGE, CREATE ON SCHEMA public TO paydesk_owner;

    -- No counter makes an object of its own: none can shadow a store table or function.
    REVOKE CREATE ON SCHEMA public FROM PUBLIC;
    REVOKE ALL ON SCHEMA public FROM paydesk_counter;
    GRANT USAGE ON SCHEMA public TO paydesk_counter;
    DO $$
    DECLARE item record;
    BEGIN
      EXECUTE format('REVOKE TEMPORARY, CREATE ON DATABASE %I FROM PUBLIC', current_database());
      -- Roles belong to the server: a counter of another store on it connects to this one only
      -- if it is a counter here too (add-counter grants CONNECT to the counter's role).
      EXECUTE format('REVOKE CONNECT ON DATABASE %I FROM PUBLIC', current_database());
      EXECUTE format('REVOKE ALL ON DATABASE %I FROM paydesk_counter', current_database());
      FOR item IN
        SELECT quote_ident('paydesk_counter_' || c.counter_id) AS role FROM public.counters c
        WHERE EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolname = 'paydesk_counter_' || c.counter_id)
      LOOP
        EXECUTE format('GRANT CONNECT ON DATABASE %I TO %s', current_database(), item.role);
      END LOOP;
    END $$;

    -- Every function deciding on what others committed reads the newest of it: in an older
    -- snapshot (REPEATABLE READ, SERIALIZABLE) a claim, a session or an admin just changed
    -- elsewhere would be missed under the lock that was meant to order them.
    CREATE FUNCTION public.paydesk_read_committed() RETURNS void
    LANGUAGE plpgsql STABLE SET search_path = public, pg_temp AS $$
    BEGIN
      IF current_setting('transaction_isolation') <> 'read committed' THEN
        RAISE EXCEPTION 'paydesk:invalid-request' USING ERRCODE = '25001';
      END IF;
    END $$;
    REVOKE ALL ON FUNCTION public.paydesk_read_committed() FROM PUBLIC;

    -- The counter a caller acts as: a counter's login role names it (and may not name
    -- another); the store's owner or a superuser (IT, the tests) names it, or none.
    CREATE FUNCTION public.paydesk_acting_counter(p_counter_id text) RETURNS text
    LANGUAGE plpgsql STABLE SET search_path = public, pg_temp AS $$
    DECLARE
      own text := substring(session_user FROM '^paydesk_counter_([A-Za-z0-9_-]{1,32})$');
    BEGIN
      IF own IS NOT NULL AND pg_has_role(session_user, 'paydesk_counter', 'MEMBER')
          AND NOT pg_has_role(session_user, 'paydesk_owner', 'USAGE') THEN
        IF p_counter_id IS NOT NULL AND p_counter_id <> own THEN
          RAISE EXCEPTION 'a counter acts only as itself' USING ERRCODE = '42501';
        END IF;
        RETURN own;
      END IF;
      IF pg_has_role(session_user, 'paydesk_owner', 'USAGE') THEN
        RETURN p_counter_id;
      END IF;
      RAISE EXCEPTION 'not a counter of this store' USING ERRCODE = '42501';
    END $$;
    REVOKE ALL ON FUNCTION public.paydesk_acting_counter(text) FROM PUBLIC;

    CREATE OR REPLACE FUNCTION public.settle_expired_claims(p_order_id text, p_refunded_minor bigint)
    RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      UPDATE public.store_claims SET
        state = CASE WHEN baseline_minor + amount_minor <= p_refunded_minor
          THEN 'done' ELSE 'not-done' END,
        settled_at = now(),
        refunded_after_minor = p_refunded_minor
      WHERE order_id = p_order_id AND kind = 'refund-sent' AND state = 'in-doubt'
        AND settle_after < now() AND p_refunded_minor >= 0
    $$;

    CREATE OR REPLACE FUNCTION public.settle_expired_hold_claims(p_order_id text, p_standing text)
    RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      UPDATE public.store_claims SET
        state = CASE
          WHEN kind = 'capture-sent' AND p_standing = 'captured' THEN 'done'
          WHEN kind = 'release-sent' AND p_standing IN ('voided', 'lapsed') THEN 'done'
          ELSE 'not-done' END,
        settled_at = now()
      WHERE order_id = p_order_id AND kind IN ('capture-sent', 'release-sent')
        AND state = 'in-doubt' AND settle_after < now()
        AND p_standing IN ('held', 'captured', 'voided', 'lapsed')
    $$;

    -- A refund claim (docs/store.md, "Acting on another counter's payment"), under the
    -- order's advisory lock: claims past their deadline settle from the reading, then what is
    -- left is what the gateway captured, less the highest refunded total anyone saw, less
    -- every claim in doubt. A null amount claims all that is left.
    CREATE FUNCTION public.paydesk_claim_refund(p_counter_id text, p_order_id text,
      p_currency text, p_captured_minor bigint, p_refunded_minor bigint, p_amount_minor bigint,
      p_settle_ms bigint, p_operator_id text, p_approver_id text)
    RETURNS TABLE (claim_id uuid, amount_minor bigint, baseline_minor bigint,
      remaining_minor bigint, refusal text)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE
      counter text := public.paydesk_acting_counter(p_counter_id);
      in_doubt bigint;
      settled bigint;
      baseline bigint;
      remaining bigint;
      amount bigint;
      made uuid := gen_random_uuid();
    BEGIN
      PERFORM public.paydesk_read_committed();
      IF counter IS NULL OR p_order_id IS NULL OR p_captured_minor IS NULL
          OR p_refunded_minor IS NULL OR p_captured_minor < 0 OR p_refunded_minor < 0
          OR p_amount_minor <= 0 THEN
        RAISE EXCEPTION 'a refund claim needs a counter and amounts of zero or more'
          USING ERRCODE = '22023';
      END IF;
      PERFORM pg_advisory_xact_lock(hashtextextended('paydesk-claim:' || p_order_id, 0));
      PERFORM public.settle_expired_claims(p_order_id, p_refunded_minor);
      -- A settled claim's total counts for the refund deadline only: by then any gateway read
      -- shows it, and a total a counter made up stops weighing on the order.
      SELECT coalesce(sum(c.amount_minor) FILTER (WHERE c.state = 'in-doubt'), 0),
        coalesce(max(c.refunded_after_minor) FILTER (WHERE c.state <> 'in-doubt'
          AND c.settled_at > now() - interval '17 minutes'), 0)
      INTO in_doubt, settled
      FROM public.store_claims c WHERE c.order_id = p_order_id AND c.kind = 'refund-sent';
      baseline := greatest(p_refunded_minor, settled);
      remaining := greatest(0, p_captured_minor - baseline - in_doubt);
      amount := coalesce(p_amount_minor, remaining);
      IF remaining <= 0 OR amount > remaining THEN
        RETURN QUERY SELECT NULL::uuid, NULL::bigint, baseline, remaining,
          CASE WHEN remaining <= 0 THEN 'nothing-left' ELSE 'over-remaining' END;
        RETURN;
      END IF;
      INSERT INTO public.store_claims (claim_id, order_id, counter_id, kind, amount_minor,
        currency, baseline_minor, settle_after, operator_id, approver_id)
      VALUES (made, p_order_id, counter, 'refund-sent', amount, p_currency, baseline,
        now() + ${claimWindow('p_settle_ms')}, p_operator_id, p_approver_id);
      RETURN QUERY SELECT made, amount, baseline, remaining, NULL::text;
    END $$;

    -- A capture or release of a hold, under the same lock: one in doubt refuses any other,
    -- and one done (or a reading that shows the hold ended) refuses another.
    CREATE FUNCTION public.paydesk_claim_hold(p_counter_id text, p_order_id text,
      p_currency text, p_amount_minor bigint, p_standing text, p_kind text, p_settle_ms bigint,
      p_operator_id text, p_approver_id text)
    RETURNS TABLE (claim_id uuid, refusal text)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE
      counter text := public.paydesk_acting_counter(p_counter_id);
      in_doubt integer;
      done integer;
      made uuid := gen_random_uuid();
    BEGIN
      PERFORM public.paydesk_read_committed();
      IF counter IS NULL OR p_order_id IS NULL OR p_kind IS NULL OR p_amount_minor IS NULL
          OR p_kind NOT IN ('capture-sent', 'release-sent') THEN
        RAISE EXCEPTION 'a hold claim needs a counter and a capture or release'
          USING ERRCODE = '22023';
      END IF;
      PERFORM pg_advisory_xact_lock(hashtextextended('paydesk-claim:' || p_order_id, 0));
      PERFORM public.settle_expired_hold_claims(p_order_id, p_standing);
      SELECT count(*) FILTER (WHERE c.state = 'in-doubt'),
        count(*) FILTER (WHERE c.state = 'done' AND c.settled_at > now() - interval '17 minutes')
      INTO in_doubt, done
      FROM public.store_claims c
      WHERE c.order_id = p_order_id AND c.kind IN ('capture-sent', 'release-sent');
      IF in_doubt > 0 THEN
        RETURN QUERY SELECT NULL::uuid, 'in-doubt'::text;
        RETURN;
      END IF;
      IF p_standing IS DISTINCT FROM 'held' OR done > 0 THEN
        RETURN QUERY SELECT NULL::uuid, 'not-held'::text;
        RETURN;
      END IF;
      INSERT INTO public.store_claims (claim_id, order_id, counter_id, kind, amount_minor,
        currency, baseline_minor, settle_after, operator_id, approver_id)
      VALUES (made, p_order_id, counter, p_kind, p_amount_minor, p_currency, 0,
        now() + ${claimWindow('p_settle_ms')}, p_operator_id, p_approver_id);
      RETURN QUERY SELECT made, NULL::text;
    END $$;

    -- The answer to a counter's own claim (another counter's is not its to give). The total
    -- it reports counts only as the highest anyone saw: what is left is still read against
    -- the gateway's own total, and adoption on the payment's counter confirms with the gateway.
    CREATE FUNCTION public.paydesk_settle_claim(p_claim_id uuid, p_state text,
      p_refunded_after_minor bigint)
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE counter text := public.paydesk_acting_counter(NULL);
    BEGIN
      PERFORM public.paydesk_read_committed();
      IF p_state IS NULL OR p_state NOT IN ('done', 'not-done') OR p_refunded_after_minor < 0 THEN
        RAISE EXCEPTION 'a claim ends done or not done' USING ERRCODE = '22023';
      END IF;
      UPDATE public.store_claims c SET state = p_state, settled_at = now(),
        refunded_after_minor = p_refunded_after_minor
      WHERE c.claim_id = p_claim_id AND c.state = 'in-doubt'
        AND (counter IS NULL OR c.counter_id = counter);
    END $$;

    -- A counter's own refund claim whose answer was lost, settled from a Get order: done when
    -- the gateway shows its baseline plus its amount and no other claim could account for it.
    CREATE FUNCTION public.paydesk_settle_claim_from_order(p_claim_id uuid,
      p_refunded_minor bigint)
    RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE
      counter text := public.paydesk_acting_counter(NULL);
      changed integer;
    BEGIN
      PERFORM public.paydesk_read_committed();
      UPDATE public.store_claims AS mine SET state = 'done', settled_at = now(),
        refunded_after_minor = p_refunded_minor
      WHERE mine.claim_id = p_claim_id AND mine.state = 'in-doubt'
        AND mine.kind = 'refund-sent'
        AND (counter IS NULL OR mine.counter_id = counter)
        AND mine.baseline_minor + mine.amount_minor <= p_refunded_minor
        AND NOT EXISTS (
          SELECT 1 FROM public.store_claims other
          WHERE other.order_id = mine.order_id AND other.claim_id <> mine.claim_id
            AND (other.state = 'in-doubt' OR (other.state = 'done'
              AND (other.claimed_at >= mine.claimed_at OR other.settled_at > mine.claimed_at))));
      GET DIAGNOSTICS changed = ROW_COUNT;
      RETURN changed = 1;
    END $$;

    ${resetRights}
    ${intendedRights}
    REVOKE ALL ON FUNCTION public.paydesk_claim_refund(text, text, text, bigint, bigint, bigint,
      bigint, text, text), public.paydesk_claim_hold(text, text, text, bigint, text, text,
      bigint, text, text), public.paydesk_settle_claim(uuid, text, bigint),
      public.paydesk_settle_claim_from_order(uuid, bigint) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION public.paydesk_claim_refund(text, text, text, bigint, bigint,
      bigint, bigint, text, text), public.paydesk_claim_hold(text, text, text, bigint, text,
      text, bigint, text, text), public.paydesk_settle_claim(uuid, text, bigint),
      public.paydesk_settle_claim_from_order(uuid, bigint) TO paydesk_counter;
    ${storeOwnership}
  `,
};
