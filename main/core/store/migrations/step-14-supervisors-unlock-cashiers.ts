import type { StoreMigration } from './store-migration';
import { storeOwnership } from './step-11-owner-role-and-claims-by-function';

/** The argument types of `paydesk_write_operator` (store step 12), which callers keep. */
const writeArgs = 'text, text, text, boolean, text, text, text, boolean, boolean';

/**
 * Store step 14: the team's rules that the store enforces for every counter (docs/security.md,
 * "Store mode"). Step 12's `paydesk_write_operator` let only an admin change an account and
 * let an admin switch off their own, after which nobody at that counter could switch them on.
 *
 * - A supervisor's token unlocks a cashier locked out by wrong tries, and does nothing else:
 *   no other field, no other role's account (a supervisor's lock is an admin's to end).
 * - Nobody switches off their own account.
 * - Step 12's function stays as the admins' path, renamed and callable by the store's owner
 *   only: `paydesk_write_operator` keeps its name and arguments, checks the token's operator
 *   first, and hands every admin's change on to it (which checks the token again).
 */
export const supervisorsUnlockCashiers: StoreMigration = {
  version: 14,
  name: 'supervisors unlock cashiers; nobody switches themselves off',
  sql: `
    ALTER FUNCTION public.paydesk_write_operator(${writeArgs})
      RENAME TO paydesk_write_operator_as_admin;
    REVOKE ALL ON FUNCTION public.paydesk_write_operator_as_admin(${writeArgs})
      FROM PUBLIC, paydesk_counter;

    CREATE FUNCTION public.paydesk_write_operator(p_counter_id text, p_token text,
      p_operator_id text, p_create boolean, p_display_name text, p_role text, p_secret text,
      p_disabled boolean, p_unlock boolean)
    RETURNS public.paydesk_operator
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE
      counter text := public.paydesk_acting_counter(p_counter_id);
      actor public.store_operators;
      op public.store_operators;
      op_key text := lower(btrim(p_operator_id));
    BEGIN
      PERFORM public.paydesk_read_committed();
      IF counter IS NOT NULL AND p_token IS NOT NULL THEN
        SELECT o.* INTO actor FROM public.store_operator_sessions s
          JOIN public.store_operators o USING (operator_key)
        WHERE s.token_hash = encode(public.digest(p_token, 'sha256'), 'hex')
          AND s.counter_id = counter AND s.expires_at > clock_timestamp();
        IF FOUND AND NOT actor.disabled THEN
          IF p_disabled IS TRUE AND actor.operator_key = op_key THEN
            RAISE EXCEPTION 'paydesk:self-disable' USING ERRCODE = '42501';
          END IF;
          IF actor.role = 'supervisor' THEN
            IF p_create IS DISTINCT FROM false OR p_display_name IS NOT NULL
                OR p_role IS NOT NULL OR p_secret IS NOT NULL OR p_disabled IS NOT NULL
                OR p_unlock IS NOT TRUE THEN
              RAISE EXCEPTION 'paydesk:forbidden' USING ERRCODE = '42501';
            END IF;
            SELECT * INTO op FROM public.store_operators o
            WHERE o.operator_key = op_key FOR UPDATE;
            IF NOT FOUND THEN
              RAISE EXCEPTION 'paydesk:operator-not-found' USING ERRCODE = '22023';
            END IF;
            IF op.role <> 'cashier' THEN
              RAISE EXCEPTION 'paydesk:forbidden' USING ERRCODE = '42501';
            END IF;
            UPDATE public.store_operators o SET failures = 0, locked_until = NULL,
              updated_at = public.paydesk_now_ms(), counter_id = counter
            WHERE o.operator_key = op.operator_key
            RETURNING * INTO op;
            RETURN public.paydesk_operator_of(op);
          END IF;
        END IF;
      END IF;
      RETURN public.paydesk_write_operator_as_admin(p_counter_id, p_token, p_operator_id,
        p_create, p_display_name, p_role, p_secret, p_disabled, p_unlock);
    END $$;

    REVOKE ALL ON FUNCTION public.paydesk_write_operator(${writeArgs}) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION public.paydesk_write_operator(${writeArgs}) TO paydesk_counter;
    ${storeOwnership}
  `,
};
