import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownRowTables } from '../../../main/core/store/migrations/step-11-owner-role-and-claims-by-function';
import {
  hostileClusterForFile,
  linkOfA,
  oldOperators,
  push,
  saleOfA,
  seedCounterA,
  shiftOfA,
  type HostileStore,
} from './hostile-store';

/**
 * Counter B's database login in a hostile hand (a cashier who found it on the counter PC, or
 * malware there), against a store set up as docs/store.md says, new and upgraded from the
 * schema before counters lost their rights. Every attack must fail and leave what counter A
 * and the store rely on as it was.
 */
const { skip, cluster, name, fresh } = hostileClusterForFile('hostile');

/** What A and the store rely on, read as the owner: compared before and after each attack. */
async function snapshot(store: HostileStore) {
  return store.owner(async (client) => {
    const read = async (sql: string) => (await client.query(sql)).rows;
    return {
      claims: await read('SELECT * FROM store_claims ORDER BY claim_id'),
      operators: await read('SELECT * FROM store_operators ORDER BY operator_key'),
      audit: await read('SELECT * FROM store_audit ORDER BY counter_id, seq'),
      keys: await read('SELECT * FROM store_audit_keys ORDER BY counter_id'),
      attempts: await read('SELECT * FROM store_attempts ORDER BY attempt_id'),
      links: await read('SELECT * FROM store_links ORDER BY link_id'),
      shifts: await read('SELECT * FROM store_shifts ORDER BY counter_id, shift_id'),
      counters: await read('SELECT * FROM counters ORDER BY counter_id'),
      roles: await read(
        `SELECT rolname, rolsuper, rolcreaterole, rolcanlogin, rolpassword
         FROM pg_authid WHERE rolname LIKE 'paydesk%' ORDER BY rolname`,
      ),
      members: await read(
        `SELECT r.rolname AS role, m.rolname AS member FROM pg_auth_members a
         JOIN pg_roles r ON r.oid = a.roleid JOIN pg_roles m ON m.oid = a.member
         ORDER BY 1, 2`,
      ),
      rowSecurity: await read(
        `SELECT relname, relrowsecurity FROM pg_class
         WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' ORDER BY relname`,
      ),
    };
  });
}

/** Runs one attack as B: it must fail (throw or change nothing). */
async function refused(store: HostileStore, sql: string, values: unknown[] = []) {
  return store.as('B', async (client) => {
    try {
      const result = await client.query(sql, values);
      return { threw: null, rowCount: result.rowCount };
    } catch (error) {
      return { threw: (error as Error).message, rowCount: null };
    }
  });
}

describe.skipIf(skip !== null).each(['new', 'upgraded'] as const)(
  'a hostile counter on a %s store',
  (shape) => {
    let store: HostileStore;
    beforeAll(async () => {
      store = await fresh(shape);
      await seedCounterA(store);
    });

    it('cannot become the owner: no temporary table, no object of its own, no role rights', async () => {
      const before = await snapshot(store);
      const attacks = [
        // The old way in: a temporary table named like a store table, with a trigger.
        `CREATE TEMP TABLE store_claims (LIKE public.store_claims)`,
        `CREATE TABLE public.store_claims_copy (id int)`,
        `CREATE FUNCTION public.store_counter_id() RETURNS text LANGUAGE sql AS $$ SELECT 'A' $$`,
        `CREATE SCHEMA mine`,
        `ALTER TABLE store_attempts DISABLE ROW LEVEL SECURITY`,
        `ALTER TABLE store_audit NO FORCE ROW LEVEL SECURITY`,
        `ALTER ROLE "paydesk_counter_A" PASSWORD 'taken'`,
        `GRANT pg_execute_server_program TO "paydesk_counter_B"`,
        `GRANT paydesk_owner TO "paydesk_counter_B"`,
        `SET ROLE paydesk_owner`,
        `COPY store_attempts FROM PROGRAM 'id'`,
        `DROP FUNCTION settle_expired_claims(text, bigint)`,
        `CREATE OR REPLACE FUNCTION settle_expired_claims(p text, q bigint) RETURNS void
           LANGUAGE sql AS $$ SELECT $$`,
      ];
      for (const sql of attacks) {
        expect({ sql, ...(await refused(store, sql)) }).toMatchObject({
          sql,
          threw: expect.stringMatching(
            /permission denied|must be|must have admin option|only roles|not allowed/,
          ),
        });
      }
      expect(await snapshot(store)).toEqual(before);
    });

    it('cannot rewrite or remove what another counter wrote', async () => {
      const before = await snapshot(store);
      const attacks = [
        `UPDATE store_attempts SET refunded_minor = 4200 WHERE attempt_id = 'sale-a'`,
        `DELETE FROM store_attempts WHERE counter_id = 'A'`,
        `DELETE FROM store_audit WHERE counter_id = 'A'`,
        `UPDATE store_audit SET event = 'nothing' WHERE counter_id = 'A'`,
        `UPDATE store_audit_keys SET public_key = 'key-b' WHERE counter_id = 'A'`,
        `DELETE FROM store_audit_keys WHERE counter_id = 'A'`,
        `TRUNCATE store_claims`,
        `UPDATE store_claims SET state = 'done', refunded_after_minor = 4200`,
        `DELETE FROM store_claims`,
        `INSERT INTO store_claims (claim_id, order_id, counter_id, kind, amount_minor, currency,
           baseline_minor, state, settle_after)
         VALUES (gen_random_uuid(), 'order-a', 'B', 'refund-sent', 4200, 'SAR', 0, 'done',
           'infinity')`,
        `SELECT setval('store_change_seq', 1)`,
        // No write right on a replicated table, not even on B's own rows.
        `INSERT INTO store_attempts (attempt_id, counter_id, version, created_at, updated_at,
           merchant_reference_id, amount_minor, currency, first6, last4, card_length,
           holder_name, state, status, refunded_minor)
         VALUES ('sale-b', 'B', 1, 1, 1, 'ref-b', 1, 'SAR', '400000', '0002', 16, 'N B', 'paid',
           'paid', 0)`,
        `UPDATE counters SET name = 'Hijacked'`,
        `UPDATE store_shifts SET closed_at = 1`,
        `UPDATE store_links SET status = 'paid'`,
        `DELETE FROM store_ledger`,
        `TRUNCATE store_events`,
        `SELECT paydesk_push_attempt('B', '[]')`,
      ];
      for (const sql of attacks) {
        const outcome = await refused(store, sql);
        expect({ sql, changed: outcome.threw === null && (outcome.rowCount ?? 0) > 0 }).toEqual({
          sql,
          changed: false,
        });
      }
      expect(await snapshot(store)).toEqual(before);
    });

    it('cannot lock a replicated table, nor rows of it, against the other counters', async () => {
      const modes = [
        'ACCESS EXCLUSIVE',
        'EXCLUSIVE',
        'SHARE ROW EXCLUSIVE',
        'SHARE',
        'SHARE UPDATE EXCLUSIVE',
        'ROW EXCLUSIVE',
      ];
      const outcomes = await store.as('B', async (b) => {
        const found: { sql: string; threw: string | null }[] = [];
        const attacks = ownRowTables.flatMap((table) => [
          ...modes.map((mode) => `LOCK TABLE ${table} IN ${mode} MODE`),
          `SELECT 1 FROM ${table} FOR UPDATE`,
          `SELECT 1 FROM ${table} FOR KEY SHARE`,
        ]);
        for (const sql of attacks) {
          await b.query('BEGIN');
          try {
            await b.query(sql);
            found.push({ sql, threw: null });
          } catch (error) {
            found.push({ sql, threw: (error as Error).message });
          } finally {
            await b.query('ROLLBACK');
          }
        }
        return found;
      });
      for (const outcome of outcomes) {
        expect(outcome).toEqual({
          sql: outcome.sql,
          threw: expect.stringMatching(/permission denied/),
        });
      }
      const rights = await store.owner(
        async (owner) =>
          (
            await owner.query<{ table: string; read: boolean; write: boolean }>(
              `SELECT t AS table,
               has_table_privilege('paydesk_counter_B', t, 'SELECT') AS read,
               has_table_privilege('paydesk_counter_B', t,
                 'INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER') AS write
             FROM unnest($1::text[]) AS t`,
              [ownRowTables],
            )
          ).rows,
      );
      expect(rights).toEqual(ownRowTables.map((table) => ({ table, read: true, write: false })));

      // What B may take (ACCESS SHARE, as any read does) holds no other counter up: A sends a
      // batch and its heartbeat while B sits on every table.
      const b = new pg.Client({ connectionString: store.asCounter('B') });
      await b.connect();
      try {
        await b.query('BEGIN');
        for (const table of ownRowTables) {
          await b.query(`LOCK TABLE ${table} IN ACCESS SHARE MODE`);
        }
        await store.as('A', async (a) => {
          await a.query(`SET lock_timeout = '2s'`);
          await a.query('BEGIN');
          await push(a, 'A', 'event', [
            { event_id: 1, attempt_id: 'sale-a', at: 1, step: 'paid', outcome: 'ok' },
          ]);
          await a.query('SELECT paydesk_heartbeat($1)', ['A']);
          await a.query('COMMIT');
        });
      } finally {
        await b.query('ROLLBACK');
        await b.end();
      }
    });

    it("pushes only its own rows: another counter's id is skipped, never locked", async () => {
      const before = await snapshot(store);
      await store.as('B', async (b) => {
        // A's sale, link and shift ids in B's batch: A's rows stay as they are.
        await push(b, 'B', 'attempt', saleOfA(99, 4200));
        await push(b, null, 'link', linkOfA(99, 'paid'));
        await push(b, 'B', 'shift', shiftOfA(99, 5));
      });
      const after = await snapshot(store);
      expect({ ...after, shifts: [] }).toEqual({ ...before, shifts: [] });
      // The shift id is B's own shift 7, beside A's.
      expect(after.shifts.filter((shift) => shift.counter_id === 'A')).toEqual(before.shifts);
      expect(after.shifts.filter((shift) => shift.counter_id === 'B')).toMatchObject([
        { shift_id: '7', closed_at: '5' },
      ]);

      // In A's name, or as a counter the store does not know, or a kind it does not know.
      const attacks = [
        [`SELECT paydesk_push('A', 'attempt', $1)`, /acts only as itself/],
        [`SELECT paydesk_push('A', 'link', $1)`, /acts only as itself/],
        [`SELECT paydesk_push('B', 'store_operators', $1)`, /unknown-record-kind/],
        [`SELECT paydesk_heartbeat('A')`, /acts only as itself/],
        [`SELECT paydesk_register_counter('A', 'Hijacked')`, /acts only as itself/],
        [`SELECT paydesk_register_counter('Z', 'Ghost')`, /acts only as itself/],
      ] as const;
      for (const [sql, reason] of attacks) {
        const values = sql.includes('$1') ? [JSON.stringify(saleOfA(100, 4200))] : [];
        expect({ sql, threw: (await refused(store, sql, values)).threw }).toEqual({
          sql,
          threw: expect.stringMatching(reason),
        });
      }
      await store.owner(async (owner) => {
        await expect(push(owner, 'Z', 'attempt', [])).rejects.toThrow(/unknown-counter/);
        await expect(push(owner, null, 'attempt', [])).rejects.toThrow(/unknown-counter/);
      });
      const end = await snapshot(store);
      expect({ ...end, shifts: [] }).toEqual({ ...before, shifts: [] });

      // B's batch with A's ids, left open, holds no lock on A's rows: A's next versions land.
      const b = new pg.Client({ connectionString: store.asCounter('B') });
      await b.connect();
      try {
        await b.query('BEGIN');
        await push(b, 'B', 'attempt', saleOfA(99, 4200));
        await push(b, 'B', 'link', linkOfA(99, 'paid'));
        await store.as('A', async (a) => {
          await a.query(`SET lock_timeout = '2s'`);
          await push(a, 'A', 'attempt', saleOfA(2));
          await push(a, 'A', 'link', linkOfA(2, 'paid'));
        });
      } finally {
        await b.query('ROLLBACK');
        await b.end();
      }
      const landed = await snapshot(store);
      expect(landed.attempts.find((row) => row.attempt_id === 'sale-a')).toMatchObject({
        counter_id: 'A',
        version: '2',
        refunded_minor: '0',
      });
      expect(landed.links.find((row) => row.link_id === 'link-a')).toMatchObject({
        counter_id: 'A',
        version: '2',
        status: 'paid',
      });
    });

    it('even with TEMP granted back, the store functions never read a temporary table', async () => {
      const before = await snapshot(store);
      await store.owner((owner) =>
        owner.query(`GRANT TEMPORARY ON DATABASE ${quoteDb(store)} TO "paydesk_counter_B"`),
      );
      try {
        const outcome = await store.as('B', async (b) => {
          await b.query(
            `CREATE TEMP TABLE store_claims (LIKE public.store_claims INCLUDING DEFAULTS)`,
          );
          await b.query(`CREATE TEMP TABLE loot (who text)`);
          await b.query(`CREATE FUNCTION pg_temp.grab() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN INSERT INTO pg_temp.loot VALUES (current_user); RETURN NEW; END $$`);
          await b.query(`CREATE TRIGGER grab BEFORE UPDATE ON pg_temp.store_claims
            FOR EACH ROW EXECUTE FUNCTION pg_temp.grab()`);
          await b.query(
            `INSERT INTO pg_temp.store_claims (claim_id, order_id, counter_id, kind, amount_minor,
               currency, baseline_minor, settle_after)
             VALUES (gen_random_uuid(), 'order-a', 'B', 'refund-sent', 1, 'SAR', 0, now() - interval '1 day')`,
          );
          await b.query(`SELECT settle_expired_claims('order-a', 0)`);
          await b.query(
            `SELECT * FROM paydesk_claim_refund('B', 'order-a', 'SAR', 4200, 0, 1, 0, NULL, NULL)`,
          );
          // The same for a replicated table that the push writes.
          await b.query(`CREATE TEMP TABLE store_shifts (LIKE public.store_shifts)`);
          await b.query(`CREATE TRIGGER grab BEFORE INSERT ON pg_temp.store_shifts
            FOR EACH ROW EXECUTE FUNCTION pg_temp.grab()`);
          await push(b, 'B', 'shift', [
            { shift_id: 8, version: 1, opened_at: 1, opened_after_entry: 0 },
          ]);
          return (await b.query<{ who: string }>('SELECT who FROM pg_temp.loot')).rows;
        });
        expect(outcome).toEqual([]);
      } finally {
        await store.owner((owner) =>
          owner.query(`REVOKE TEMPORARY ON DATABASE ${quoteDb(store)} FROM "paydesk_counter_B"`),
        );
      }
      // B's own claim and shift are the only changes: A's and everything else stand.
      const after = await snapshot(store);
      expect({ ...after, claims: [], shifts: [] }).toEqual({ ...before, claims: [], shifts: [] });
      expect(after.shifts.filter((shift) => shift.counter_id === 'A')).toEqual(
        before.shifts.filter((shift) => shift.counter_id === 'A'),
      );
      expect(after.claims.filter((claim) => claim.counter_id === 'A')).toEqual(
        before.claims.filter((claim) => claim.counter_id === 'A'),
      );
    });

    it('the store is owned by a role that cannot log in, and every definer function pins its path', async () => {
      const found = await store.owner(async (owner) => ({
        role: (
          await owner.query(
            `SELECT rolcanlogin, rolcreaterole, rolsuper, rolcreatedb FROM pg_roles
             WHERE rolname = 'paydesk_owner'`,
          )
        ).rows,
        notOwned: (
          await owner.query(
            `SELECT c.relname AS name FROM pg_class c
             WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'S', 'v', 'p')
               AND c.relowner <> 'paydesk_owner'::regrole
               AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
             UNION ALL
             SELECT p.proname FROM pg_proc p
             WHERE p.pronamespace = 'public'::regnamespace
               AND p.proowner <> 'paydesk_owner'::regrole
               AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`,
          )
        ).rows,
        unpinned: (
          await owner.query(
            `SELECT proname FROM pg_proc WHERE pronamespace = 'public'::regnamespace
               AND prosecdef
               AND coalesce(proconfig, '{}') <> '{"search_path=public, pg_temp"}'`,
          )
        ).rows,
        counterTemp: (
          await owner.query(
            `SELECT has_database_privilege('paydesk_counter_B', current_database(), 'TEMP') AS temp,
               has_database_privilege('paydesk_counter_B', current_database(), 'CREATE') AS make,
               has_schema_privilege('paydesk_counter_B', 'public', 'CREATE') AS schema_create`,
          )
        ).rows,
      }));
      expect(found).toEqual({
        role: [{ rolcanlogin: false, rolcreaterole: false, rolsuper: false, rolcreatedb: false }],
        notOwned: [],
        unpinned: [],
        counterTemp: [{ temp: false, make: false, schema_create: false }],
      });
    });

    it("cannot read operators' secrets nor change an operator", async () => {
      const before = await snapshot(store);
      expect((await refused(store, 'SELECT * FROM store_operators')).threw).toMatch(
        /permission denied/,
      );
      expect((await refused(store, 'SELECT secret_hash FROM store_operators')).threw).toMatch(
        /permission denied/,
      );
      expect((await refused(store, 'SELECT secret_crypt FROM store_operators')).threw).toMatch(
        /permission denied/,
      );
      expect((await refused(store, 'SELECT * FROM store_operator_sessions')).threw).toMatch(
        /permission denied/,
      );
      const attacks = [
        `UPDATE store_operators SET role = 'admin', disabled = false`,
        `UPDATE store_operators SET updated_at = 9999999999999`,
        `INSERT INTO store_operators (operator_key, operator_id, display_name, role, credential,
           secret_hash, disabled, failures, created_at, updated_at, counter_id)
         VALUES ('evil', 'evil', 'Evil', 'admin', 'pin', 'x', false, 0, 0, 0, 'B')`,
        `DELETE FROM store_operators`,
        // Without a signed-in admin's token, no account changes.
        `SELECT * FROM paydesk_write_operator('B', NULL, 'evil', true, 'Evil', 'admin', '999999', NULL, NULL)`,
        `SELECT * FROM paydesk_write_operator('B', NULL, 'badr', false, NULL, 'admin', '999999', false, true)`,
        `SELECT * FROM paydesk_write_operator('B', 'a-guessed-token', 'badr', false, NULL, 'admin', NULL, NULL, NULL)`,
        // Only as itself: never in A's name.
        `SELECT * FROM paydesk_sign_in('A', 'amal', '000000', 'sign-in', NULL)`,
        `SELECT paydesk_report_failures('B', 'amal', -5)`,
        `SELECT paydesk_first_operators('B', '[{"operator_id":"evil","display_name":"E","role":"admin","credential":"pin","secret_hash":"scrypt$1$1$1$AA$AA","disabled":false}]')`,
      ];
      for (const sql of attacks) {
        const outcome = await refused(store, sql);
        expect({ sql, changed: outcome.threw === null && (outcome.rowCount ?? 0) > 0 }).toEqual({
          sql,
          changed: sql.includes('paydesk_first_operators') || sql.includes('report_failures'),
        });
      }
      expect(await snapshot(store)).toEqual(before);
    });

    it("cannot make a claim in another counter's name, nor for ever, nor settle another's", async () => {
      const before = await snapshot(store);
      const inAsName = await refused(
        store,
        `SELECT * FROM paydesk_claim_refund('A', 'order-a', 'SAR', 4200, 0, 1, 0, NULL, NULL)`,
      );
      expect(inAsName.threw).toMatch(/acts only as itself/);
      const aClaim = before.claims.find((claim) => claim.counter_id === 'A');
      expect(aClaim).toBeDefined();
      await refused(store, `SELECT paydesk_settle_claim($1, 'done', 4200)`, [aClaim?.claim_id]);
      await refused(store, `SELECT paydesk_settle_claim_from_order($1, 4200)`, [aClaim?.claim_id]);
      expect(await snapshot(store)).toEqual(before);

      // B's own claim asks for ever: the store gives it the refund deadline at most.
      const mine = await store.as('B', async (b) => {
        const made = await b.query<{ claim_id: string }>(
          `SELECT claim_id FROM paydesk_claim_refund('B', 'order-x', 'SAR', 5000, 0, 100,
             9223372036854775807, NULL, NULL)`,
        );
        const claimId = made.rows[0]?.claim_id;
        return (
          await b.query<{ window_s: number; state: string; refunded_after_minor: string }>(
            `SELECT extract(epoch FROM settle_after - claimed_at)::float8 AS window_s, state,
               refunded_after_minor FROM store_claims WHERE claim_id = $1`,
            [claimId],
          )
        ).rows[0];
      });
      expect(mine?.window_s).toBeLessThanOrEqual(17 * 60);
      expect(mine).toMatchObject({ state: 'in-doubt' });
    });

    it(
      'counts every try at once against one lockout, with the store’s clock',
      { timeout: 60_000 },
      async () => {
        // An operator of the store (on the upgraded store, one from before, signing in by the
        // scrypt key; on the new one, the first admin made through the store).
        const { id, secret } = await operatorOf(store);
        const tries = Array.from({ length: 40 }, (_, i) =>
          i === 20 ? secret : `9${i}`.padEnd(6, '7'),
        );
        const outcomes = await Promise.all(tries.map((typed) => signInAs(store, 'B', id, typed)));
        const signedIn = outcomes.filter((o) => o === 'ok').length;
        const wrong = outcomes.filter((o) => o === 'wrong').length;
        expect(signedIn).toBeLessThanOrEqual(1);
        const state = await store.owner(
          async (owner) =>
            (
              await owner.query<{ failures: number; locked: boolean }>(
                `SELECT failures, locked_until > paydesk_now_ms() AS locked FROM store_operators
               WHERE operator_key = $1`,
                [id],
              )
            ).rows[0],
        );
        expect(state?.locked).toBe(true);
        // The fifth wrong try locks: the right one got through only if fewer came before it
        // (it then cleared the count, and four more wrong ones were answered before the lock).
        if (signedIn === 0) expect(wrong).toBe(4);
        else expect(wrong).toBeGreaterThanOrEqual(4);
        expect(wrong).toBeLessThanOrEqual(8);
        expect(outcomes.filter((o) => o === 'locked-now').length).toBe(1);
        expect(outcomes.filter((o) => o.startsWith('locked')).length).toBe(40 - wrong - signedIn);
        expect(await signInAs(store, 'A', id, secret)).toBe('locked');
      },
    );
  },
);

const quoteDb = (store: HostileStore) => `"${new URL(store.ownerUrl).pathname.slice(1)}"`;

/** One operator able to sign in: the old admin (upgraded), or a first admin made now. */
async function operatorOf(store: HostileStore): Promise<{ id: string; secret: string }> {
  const hala = await store.owner(
    async (owner) =>
      (await owner.query("SELECT 1 FROM store_operators WHERE operator_key = 'hala'")).rowCount,
  );
  return hala
    ? { id: 'hala', secret: '112233' }
    : { id: oldOperators[0].id, secret: oldOperators[0].secret };
}

async function signInAs(
  store: HostileStore,
  counter: string,
  id: string,
  secret: string,
): Promise<string> {
  const { signInAtStore } = await import('../../../main/core/store/operators/store-sign-in');
  return store.as(
    counter,
    async (client: pg.Client) =>
      (
        await signInAtStore(client, {
          counterId: counter,
          operatorId: id,
          secret,
          purpose: 'sign-in',
        })
      ).outcome,
  );
}

describe.skipIf(skip !== null)('a store tampered with before its upgrade', () => {
  it('refuses to upgrade over a trigger it did not make, then ends with only the rights it grants', async () => {
    const { tamperedStore } = await import('./hostile-store');
    const store = await tamperedStore(cluster(), name());
    // What someone with the owner's rights left behind: a trigger on a store table.
    await expect(store.upgrade()).rejects.toThrow(/triggers Paydesk did not make/);
    await store.owner((owner) => owner.query('DROP TRIGGER spy ON store_attempts'));
    await store.upgrade();
    const left = await store.owner(async (owner) => ({
      grants: (
        await owner.query(
          `SELECT table_name, privilege_type FROM information_schema.role_table_grants
           WHERE grantee = 'paydesk_counter_B' ORDER BY 1, 2`,
        )
      ).rows,
      memberOf: (
        await owner.query(
          `SELECT g.rolname FROM pg_auth_members a JOIN pg_roles g ON g.oid = a.roleid
           WHERE a.member = '"paydesk_counter_B"'::regrole ORDER BY 1`,
        )
      ).rows,
      policies: (
        await owner.query(`SELECT policyname FROM pg_policies WHERE policyname = 'open_door'`)
      ).rows,
      rowSecurity: (
        await owner.query(
          `SELECT relrowsecurity FROM pg_class WHERE oid = 'public.store_audit'::regclass`,
        )
      ).rows,
    }));
    expect(left).toEqual({
      grants: [],
      memberOf: [{ rolname: 'paydesk_counter' }],
      policies: [],
      rowSecurity: [{ relrowsecurity: true }],
    });
    expect(
      (await refused(store, `UPDATE store_audit SET event = 'x' WHERE counter_id = 'A'`)).threw,
    ).toMatch(/permission denied/);
  });
});
