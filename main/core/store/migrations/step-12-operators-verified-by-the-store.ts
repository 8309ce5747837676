import type { StoreMigration } from './store-migration';
import { storeOwnership } from './step-11-owner-role-and-claims-by-function';

/**
 * Store step 12: operators are the store's to check and to change (docs/security.md, "Store
 * mode"). Before it every counter read every operator's secret hash and could rewrite any
 * operator row: a disabled cashier became an admin with a PIN of the attacker's choice.
 *
 * - Counters read an operator's account (name, role, lock) but never its secret, and write
 *   nothing: a sign-in or an approval is checked by `paydesk_sign_in` with pgcrypto's
 *   `crypt()` (bcrypt) against the store's own hash, under the operator's row lock, so tries
 *   from every counter at once are counted one after another, with the server's clock; the
 *   fifth wrong one locks the operator everywhere for 30 minutes.
 * - A sign-in at a counter gets a session token (its SHA-256 kept here, 12 hours). Adding an
 *   operator, a role, disabling, a new secret and an unlock are `paydesk_write_operator`,
 *   which takes a signed-in admin's token: no counter changes an account in its own name.
 * - Tries typed at a counter while the store was offline are reported with
 *   `paydesk_report_failures`, which can only add to an operator's count.
 * - Secrets from before this step are scrypt hashes the counters made (`secret_hash`, which
 *   the store cannot compute): such an operator signs in once by proving the scrypt key, and
 *   the store then keeps its own bcrypt hash and forgets the old one. Every counter could read
 *   those old hashes, so docs/store.md asks for new PINs after the upgrade.
 * - `secret_set_at` (server time) tells counters a secret changed: the copy they kept for
 *   signing in offline no longer holds.
 */
/** The functions of this step a counter's role calls. */
const forCounters = `public.paydesk_sign_in(text, text, text, text, text),
  public.paydesk_sign_out(text),
  public.paydesk_write_operator(text, text, text, boolean, text, text, text, boolean, boolean),
  public.paydesk_report_failures(text, text, integer),
  public.paydesk_first_operators(text, jsonb)`;

export const operatorsVerifiedByTheStore: StoreMigration = {
  version: 12,
  name: 'operators checked and changed by the store',
  sql: `
    CREATE EXTENSION IF NOT EXISTS pgcrypto WITH SCHEMA public;
    -- The store's functions run as its owner, which hashes with these (executable by
    -- everyone as pgcrypto comes; granted where a store took that away).
    DO $$
    DECLARE needed text;
    BEGIN
      FOREACH needed IN ARRAY ARRAY['public.crypt(text, text)', 'public.gen_salt(text, integer)',
        'public.digest(text, text)', 'public.gen_random_bytes(integer)'] LOOP
        IF NOT has_function_privilege('paydesk_owner', needed, 'EXECUTE') THEN
          EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO paydesk_owner', needed);
        END IF;
      END LOOP;
    END $$;

    CREATE FUNCTION public.paydesk_now_ms() RETURNS bigint
    LANGUAGE sql STABLE SET search_path = public, pg_temp AS $$
      SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint
    $$;

    ALTER TABLE public.store_operators
      ALTER COLUMN secret_hash DROP NOT NULL,
      ADD COLUMN secret_crypt text,
      ADD COLUMN secret_set_at bigint NOT NULL DEFAULT 0;
    -- A change time a counter wrote from its own clock, or far in the future, is the store's
    -- time now: the store's functions stamp every change from here on.
    UPDATE public.store_operators SET updated_at = least(updated_at, public.paydesk_now_ms());

    CREATE TABLE public.store_operator_sessions (
      token_hash text PRIMARY KEY,
      operator_key text NOT NULL REFERENCES public.store_operators ON DELETE CASCADE,
      counter_id text NOT NULL REFERENCES public.counters,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX store_operator_sessions_by_operator
      ON public.store_operator_sessions (operator_key);

    REVOKE ALL ON public.store_operators FROM paydesk_counter;
    DROP POLICY IF EXISTS store_operators_insert ON public.store_operators;
    DROP POLICY IF EXISTS store_operators_update ON public.store_operators;
    GRANT SELECT (operator_key, operator_id, display_name, role, credential, disabled, failures,
      locked_until, created_at, updated_at, counter_id, secret_set_at)
      ON public.store_operators TO paydesk_counter;

    -- The account as counters may see it: never a secret.
    CREATE TYPE public.paydesk_operator AS (operator_id text, display_name text, role text,
      credential text, disabled boolean, failures integer, locked_until bigint,
      created_at bigint, updated_at bigint, secret_set_at bigint);

    CREATE FUNCTION public.paydesk_operator_of(op public.store_operators)
    RETURNS public.paydesk_operator LANGUAGE sql IMMUTABLE SET search_path = public, pg_temp AS $$
      SELECT ROW(op.operator_id, op.display_name, op.role, op.credential, op.disabled,
        op.failures, op.locked_until, op.created_at, op.updated_at,
        op.secret_set_at)::public.paydesk_operator
    $$;

    -- A PIN is 6 to 12 digits; anything else a password of 8 to 128 characters.
    CREATE FUNCTION public.paydesk_credential_of(p_secret text) RETURNS text
    LANGUAGE sql IMMUTABLE SET search_path = public, pg_temp AS $$
      SELECT CASE
        WHEN p_secret ~ '^[0-9]+$' THEN
          CASE WHEN length(p_secret) BETWEEN 6 AND 12 THEN 'pin' END
        WHEN length(p_secret) BETWEEN 8 AND 128 THEN 'password' END
    $$;

    -- One more wrong try (an expired lock starts a fresh count); the fifth locks 30 minutes.
    CREATE FUNCTION public.paydesk_count_failures(p_key text, p_tries integer)
    RETURNS public.store_operators LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
    DECLARE
      op public.store_operators;
      now_ms bigint := public.paydesk_now_ms();
    BEGIN
      SELECT * INTO op FROM public.store_operators o WHERE o.operator_key = p_key FOR UPDATE;
      IF NOT FOUND THEN RETURN NULL; END IF;
      op.failures := CASE WHEN op.locked_until IS NOT NULL AND now_ms >= op.locked_until
        THEN 0 ELSE op.failures END + p_tries;
      op.locked_until := CASE WHEN op.failures >= 5 THEN now_ms + 1800000 END;
      UPDATE public.store_operators o SET failures = op.failures, locked_until = op.locked_until
      WHERE o.operator_key = p_key;
      RETURN op;
    END $$;

    CREATE FUNCTION public.paydesk_sign_in(p_counter_id text, p_operator_id text,
      p_secret text, p_purpose text, p_legacy_key text)
    RETURNS TABLE (outcome text, account public.paydesk_operator, legacy_params text,
      session_token text)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE
      counter text := public.paydesk_acting_counter(p_counter_id);
      op public.store_operators;
      now_ms bigint := public.paydesk_now_ms();
      params text;
      right_secret boolean := false;
      token text;
    BEGIN
      PERFORM public.paydesk_read_committed();
      -- A missing secret or purpose is no try at all: crypt() of NULL compares as NULL.
      IF p_secret IS NULL OR p_purpose IS NULL OR p_operator_id IS NULL
          OR p_purpose NOT IN ('sign-in', 'approval') OR length(p_secret) > 128 THEN
        RAISE EXCEPTION 'paydesk:invalid-request' USING ERRCODE = '22023';
      END IF;
      SELECT * INTO op FROM public.store_operators o
      WHERE o.operator_key = lower(btrim(p_operator_id)) FOR UPDATE;
      IF NOT FOUND THEN
        -- An unknown ID costs what a known one does: the answer time names no operator.
        PERFORM public.crypt(p_secret, '$2a$10$PaydeskDecoySaltForNoOne');
        RETURN QUERY SELECT 'unknown'::text, NULL::public.paydesk_operator, NULL::text,
          NULL::text;
        RETURN;
      END IF;
      IF op.locked_until IS NOT NULL AND now_ms < op.locked_until THEN
        RETURN QUERY SELECT 'locked'::text, public.paydesk_operator_of(op), NULL::text,
          NULL::text;
        RETURN;
      END IF;
      IF op.disabled THEN
        RETURN QUERY SELECT 'disabled'::text, public.paydesk_operator_of(op), NULL::text,
          NULL::text;
        RETURN;
      END IF;
      IF op.secret_crypt IS NOT NULL THEN
        right_secret := coalesce(public.crypt(p_secret, op.secret_crypt) = op.secret_crypt, false);
      ELSIF op.secret_hash IS NOT NULL THEN
        params := substring(op.secret_hash FROM '^(scrypt\\$[0-9]+\\$[0-9]+\\$[0-9]+\\$[^$]+)\\$[^$]+$');
        IF params IS NOT NULL AND p_legacy_key IS NULL THEN
          -- The salt and cost of a secret from before this step: the counter answers with
          -- the scrypt key of what was typed.
          RETURN QUERY SELECT 'legacy'::text, NULL::public.paydesk_operator, params,
            NULL::text;
          RETURN;
        END IF;
        right_secret := coalesce(op.secret_hash = params || '$' || p_legacy_key, false);
      END IF;
      IF NOT right_secret THEN
        op := public.paydesk_count_failures(op.operator_key, 1);
        RETURN QUERY SELECT CASE WHEN op.locked_until IS NULL THEN 'wrong' ELSE 'locked-now' END,
          public.paydesk_operator_of(op), NULL::text, NULL::text;
        RETURN;
      END IF;
      IF op.secret_crypt IS NULL THEN
        IF public.paydesk_credential_of(p_secret) IS NULL THEN
          RAISE EXCEPTION 'paydesk:secret-invalid' USING ERRCODE = '22023';
        END IF;
        op.secret_crypt := public.crypt(p_secret, public.gen_salt('bf', 10));
        op.secret_hash := NULL;
      END IF;
      UPDATE public.store_operators o SET failures = 0, locked_until = NULL,
        secret_crypt = op.secret_crypt, secret_hash = op.secret_hash
      WHERE o.operator_key = op.operator_key
      RETURNING * INTO op;
      IF p_purpose = 'sign-in' THEN
        IF counter IS NULL THEN
          RAISE EXCEPTION 'paydesk:invalid-request' USING ERRCODE = '22023';
        END IF;
        token := encode(public.gen_random_bytes(32), 'hex');
        DELETE FROM public.store_operator_sessions WHERE expires_at < clock_timestamp();
        INSERT INTO public.store_operator_sessions (token_hash, operator_key, counter_id,
          expires_at)
        VALUES (encode(public.digest(token, 'sha256'), 'hex'), op.operator_key, counter,
          clock_timestamp() + interval '12 hours');
      END IF;
      RETURN QUERY SELECT 'ok'::text, public.paydesk_operator_of(op), NULL::text, token;
    END $$;

    CREATE FUNCTION public.paydesk_sign_out(p_token text) RETURNS void
    LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      DELETE FROM public.store_operator_sessions
      WHERE token_hash = encode(public.digest(p_token, 'sha256'), 'hex')
        AND counter_id IS NOT DISTINCT FROM
          coalesce(public.paydesk_acting_counter(NULL), counter_id)
    $$;

    -- Adds, or changes, one operator for a signed-in admin (the token of their sign-in at this
    -- counter). Without a token only the first admin of a store without operators is made.
    CREATE FUNCTION public.paydesk_write_operator(p_counter_id text, p_token text,
      p_operator_id text, p_create boolean, p_display_name text, p_role text, p_secret text,
      p_disabled boolean, p_unlock boolean)
    RETURNS public.paydesk_operator
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE
      counter text := public.paydesk_acting_counter(p_counter_id);
      actor public.store_operators;
      op public.store_operators;
      now_ms bigint := public.paydesk_now_ms();
      op_key text := lower(btrim(p_operator_id));
      new_credential text;
    BEGIN
      PERFORM public.paydesk_read_committed();
      IF counter IS NULL OR p_operator_id IS NULL OR p_create IS NULL THEN
        RAISE EXCEPTION 'paydesk:invalid-request' USING ERRCODE = '22023';
      END IF;
      -- One writer at a time: "the last admin" and "no operators yet" hold while it writes.
      PERFORM pg_advisory_xact_lock(hashtextextended('paydesk-operators', 0));
      IF p_token IS NULL THEN
        IF NOT (p_create AND p_role = 'admin') THEN
          RAISE EXCEPTION 'paydesk:signed-out' USING ERRCODE = '42501';
        END IF;
        IF EXISTS (SELECT 1 FROM public.store_operators) THEN
          RAISE EXCEPTION 'paydesk:store-has-operators' USING ERRCODE = '42501';
        END IF;
      ELSE
        SELECT o.* INTO actor FROM public.store_operator_sessions s
          JOIN public.store_operators o USING (operator_key)
        WHERE s.token_hash = encode(public.digest(p_token, 'sha256'), 'hex')
          AND s.counter_id = counter AND s.expires_at > clock_timestamp();
        IF NOT FOUND OR actor.disabled THEN
          RAISE EXCEPTION 'paydesk:signed-out' USING ERRCODE = '42501';
        END IF;
        IF actor.role <> 'admin' THEN
          RAISE EXCEPTION 'paydesk:forbidden' USING ERRCODE = '42501';
        END IF;
      END IF;
      IF p_secret IS NOT NULL THEN
        new_credential := public.paydesk_credential_of(p_secret);
        IF new_credential IS NULL THEN
          RAISE EXCEPTION 'paydesk:secret-invalid' USING ERRCODE = '22023';
        END IF;
      END IF;
      IF p_display_name IS NOT NULL AND length(btrim(p_display_name)) NOT BETWEEN 1 AND 64
          OR p_role IS NOT NULL AND p_role NOT IN ('cashier', 'supervisor', 'admin') THEN
        RAISE EXCEPTION 'paydesk:invalid-request' USING ERRCODE = '22023';
      END IF;
      SELECT * INTO op FROM public.store_operators o WHERE o.operator_key = op_key FOR UPDATE;
      IF p_create THEN
        IF FOUND THEN RAISE EXCEPTION 'paydesk:operator-exists' USING ERRCODE = '23505'; END IF;
        IF new_credential IS NULL OR p_display_name IS NULL OR p_role IS NULL
            OR length(btrim(p_operator_id)) NOT BETWEEN 1 AND 32 THEN
          RAISE EXCEPTION 'paydesk:invalid-request' USING ERRCODE = '22023';
        END IF;
        INSERT INTO public.store_operators (operator_key, operator_id, display_name, role,
          credential, secret_hash, secret_crypt, secret_set_at, disabled, failures,
          locked_until, created_at, updated_at, counter_id)
        VALUES (op_key, btrim(p_operator_id), btrim(p_display_name), p_role, new_credential, NULL,
          public.crypt(p_secret, public.gen_salt('bf', 10)), now_ms, false, 0, NULL, now_ms,
          now_ms, counter)
        RETURNING * INTO op;
        RETURN public.paydesk_operator_of(op);
      END IF;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'paydesk:operator-not-found' USING ERRCODE = '22023';
      END IF;
      IF op.role = 'admin' AND (coalesce(p_role, 'admin') <> 'admin' OR p_disabled IS TRUE)
          AND NOT EXISTS (SELECT 1 FROM public.store_operators o WHERE o.role = 'admin'
            AND NOT o.disabled AND o.operator_key <> op.operator_key) THEN
        RAISE EXCEPTION 'paydesk:last-admin' USING ERRCODE = '22023';
      END IF;
      UPDATE public.store_operators o SET
        display_name = coalesce(btrim(p_display_name), o.display_name),
        role = coalesce(p_role, o.role),
        disabled = coalesce(p_disabled, o.disabled),
        credential = coalesce(new_credential, o.credential),
        secret_crypt = CASE WHEN p_secret IS NULL THEN o.secret_crypt
          ELSE public.crypt(p_secret, public.gen_salt('bf', 10)) END,
        secret_hash = CASE WHEN p_secret IS NULL THEN o.secret_hash END,
        secret_set_at = CASE WHEN p_secret IS NULL THEN o.secret_set_at ELSE now_ms END,
        failures = CASE WHEN p_unlock THEN 0 ELSE o.failures END,
        locked_until = CASE WHEN p_unlock THEN NULL ELSE o.locked_until END,
        updated_at = now_ms,
        counter_id = counter
      WHERE o.operator_key = op.operator_key
      RETURNING * INTO op;
      -- Switched off, or given a new secret: its sign-ins end at every counter.
      IF p_disabled IS TRUE OR p_secret IS NOT NULL THEN
        DELETE FROM public.store_operator_sessions s WHERE s.operator_key = op.operator_key;
      END IF;
      RETURN public.paydesk_operator_of(op);
    END $$;

    -- Wrong tries a counter counted while the store was offline: they can only add.
    CREATE FUNCTION public.paydesk_report_failures(p_counter_id text, p_operator_id text,
      p_tries integer) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    BEGIN
      PERFORM public.paydesk_read_committed();
      PERFORM public.paydesk_acting_counter(p_counter_id);
      IF p_tries BETWEEN 1 AND 100 THEN
        PERFORM public.paydesk_count_failures(lower(btrim(p_operator_id)), p_tries);
      END IF;
    END $$;

    -- The operators a counter had before it joined a store that has none yet (the first
    -- counter of a store): their scrypt hashes are kept as secrets from before this step.
    CREATE FUNCTION public.paydesk_first_operators(p_counter_id text, p_operators jsonb)
    RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE
      counter text := public.paydesk_acting_counter(p_counter_id);
      added integer;
    BEGIN
      PERFORM public.paydesk_read_committed();
      PERFORM pg_advisory_xact_lock(hashtextextended('paydesk-operators', 0));
      IF counter IS NULL OR EXISTS (SELECT 1 FROM public.store_operators) THEN RETURN 0; END IF;
      INSERT INTO public.store_operators (operator_key, operator_id, display_name, role,
        credential, secret_hash, disabled, failures, locked_until, created_at, updated_at,
        counter_id)
      SELECT lower(o.operator_id), o.operator_id, o.display_name, o.role, o.credential,
        o.secret_hash, o.disabled, 0, NULL, public.paydesk_now_ms(), public.paydesk_now_ms(),
        counter
      FROM jsonb_to_recordset(p_operators) AS o(operator_id text, display_name text,
        role text, credential text, secret_hash text, disabled boolean)
      WHERE o.secret_hash ~ '^scrypt\\$';
      GET DIAGNOSTICS added = ROW_COUNT;
      RETURN added;
    END $$;

    REVOKE ALL ON FUNCTION public.paydesk_now_ms(), public.paydesk_operator_of(
      public.store_operators), public.paydesk_credential_of(text),
      public.paydesk_count_failures(text, integer) FROM PUBLIC;
    REVOKE ALL ON FUNCTION ${forCounters} FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION ${forCounters} TO paydesk_counter;
    GRANT USAGE ON TYPE public.paydesk_operator TO paydesk_counter;
    ${storeOwnership}
  `,
};
