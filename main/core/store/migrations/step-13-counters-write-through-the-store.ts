import type { StoreMigration } from './store-migration';
import { recordKinds, type RecordKind } from '../record-kinds';
import { ownRowTables, storeOwnership } from './step-11-owner-role-and-claims-by-function';

/**
 * Store step 13: counters write their replicated rows only through the store's functions
 * (docs/store.md, "Counter roles and row-level security"). Before it a counter's role had
 * table-level UPDATE on the tables it replicates to, with row-level security choosing the
 * rows; but UPDATE also lets a role `LOCK TABLE ... IN ACCESS EXCLUSIVE MODE`, and one
 * counter's login holding that lock in an open transaction stopped every other counter's
 * replication, History and sign-in for as long as it liked. SELECT alone allows only ACCESS
 * SHARE, which ordinary reads and writes never wait for.
 *
 * - `paydesk_push` takes a batch of one record kind for the acting counter (the login's own,
 *   `paydesk_acting_counter`), refuses a counter the store does not know, and runs that kind's
 *   upsert (record-kinds.ts) as the store's owner. One call per kind per batch: the rows
 *   travel as one JSON parameter, as before, with no call per row.
 * - The owner is not held by row-level security, so the upserts themselves keep to the
 *   counter's rows: every row is written under the acting counter's id; attempts and links,
 *   keyed by their own id alone, skip an id another counter holds (before ON CONFLICT, which
 *   would lock that row even when its WHERE then leaves it alone); events, link events, the
 *   ledger, shifts and Z reports are keyed by (counter_id, id).
 * - `paydesk_heartbeat` and `paydesk_register_counter` write the acting counter's own
 *   `counters` row; IT's `add-counter`, as the owner, names the counter.
 * - Counters keep SELECT on these tables and lose every other right, and the policies that
 *   let them insert and update their own rows go.
 */

/**
 * The kinds this step makes functions for, as record-kinds.ts has them: a kind added later
 * comes with its own step (and a new `paydesk_push`), leaving this step's SQL as it ran.
 */
const kindsOfThisStep = ['attempt', 'event', 'ledger', 'link', 'link-event', 'shift', 'z-report'];

const kinds: readonly RecordKind[] = kindsOfThisStep.map((name) => {
  const kind = recordKinds.find((candidate) => candidate.kind === name);
  if (kind === undefined) throw new Error(`store step 13: no record kind "${name}"`);
  return kind;
});

/** The function that writes one kind: `paydesk_push_link_event` for `link-event`. */
const pushFunction = (kind: RecordKind) => `public.paydesk_push_${kind.kind.replace(/-/g, '_')}`;

/**
 * One kind's upsert as a function of (counter id, rows). Only `paydesk_push` calls it (as the
 * owner): it runs as its caller, so even granted to a counter by mistake it could write
 * nothing a counter could not already.
 */
const kindFunction = (kind: RecordKind) => `
  CREATE FUNCTION ${pushFunction(kind)}(text, jsonb) RETURNS void
  LANGUAGE sql SET search_path = public, pg_temp AS $kind$
    ${kind.sql}
  $kind$;
  REVOKE ALL ON FUNCTION ${pushFunction(kind)}(text, jsonb) FROM PUBLIC;`;

export const countersWriteThroughTheStore: StoreMigration = {
  version: 13,
  name: 'counters write their rows through the store',
  sql: `
    ${kinds.map(kindFunction).join('\n')}

    CREATE FUNCTION public.paydesk_push(p_counter_id text, p_kind text, p_rows jsonb)
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE counter text := public.paydesk_acting_counter(p_counter_id);
    BEGIN
      -- A counter's records are refused until it is registered: a mistyped id scatters
      -- nothing under a new name.
      IF counter IS NULL
          OR NOT EXISTS (SELECT 1 FROM public.counters c WHERE c.counter_id = counter) THEN
        RAISE EXCEPTION 'paydesk:unknown-counter' USING ERRCODE = '42501';
      END IF;
      CASE p_kind
        ${kinds
          .map((kind) => `WHEN '${kind.kind}' THEN PERFORM ${pushFunction(kind)}(counter, p_rows);`)
          .join('\n        ')}
        ELSE RAISE EXCEPTION 'paydesk:unknown-record-kind %', p_kind USING ERRCODE = '22023';
      END CASE;
    END $$;

    -- The counter is there: the store end of day tells an idle counter from a lost one.
    CREATE FUNCTION public.paydesk_heartbeat(p_counter_id text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE counter text := public.paydesk_acting_counter(p_counter_id);
    BEGIN
      IF counter IS NULL THEN
        RAISE EXCEPTION 'paydesk:unknown-counter' USING ERRCODE = '42501';
      END IF;
      UPDATE public.counters c SET last_sync_at = now() WHERE c.counter_id = counter;
    END $$;

    -- Registers the acting counter, or renames it (counters.ts checks the same).
    CREATE FUNCTION public.paydesk_register_counter(p_counter_id text, p_name text)
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE counter text := public.paydesk_acting_counter(p_counter_id);
    BEGIN
      IF counter IS NULL OR counter !~ '^[A-Za-z0-9_-]{1,32}$'
          OR coalesce(length(p_name), 0) NOT BETWEEN 1 AND 64 THEN
        RAISE EXCEPTION 'paydesk:invalid-request' USING ERRCODE = '22023';
      END IF;
      INSERT INTO public.counters (counter_id, name) VALUES (counter, p_name)
      ON CONFLICT (counter_id) DO UPDATE SET name = EXCLUDED.name;
    END $$;

    REVOKE ALL ON FUNCTION public.paydesk_push(text, text, jsonb),
      public.paydesk_heartbeat(text), public.paydesk_register_counter(text, text) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION public.paydesk_push(text, text, jsonb),
      public.paydesk_heartbeat(text), public.paydesk_register_counter(text, text)
      TO paydesk_counter;

    -- Read only: a table-level write right would let a counter lock the table.
    REVOKE ALL ON ${ownRowTables.map((table) => `public.${table}`).join(', ')}
      FROM paydesk_counter;
    GRANT SELECT ON ${ownRowTables.map((table) => `public.${table}`).join(', ')}
      TO paydesk_counter;
    ${ownRowTables
      .map(
        (table) => `DROP POLICY IF EXISTS ${table}_insert ON public.${table};
    DROP POLICY IF EXISTS ${table}_update ON public.${table};`,
      )
      .join('\n    ')}
    ${storeOwnership}
  `,
};
