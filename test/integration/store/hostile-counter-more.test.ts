import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAtStore } from '../../../main/core/store/operators/store-sign-in';
import {
  hostileClusterForFile,
  oldOperators,
  saleOfA,
  seedCounterA,
  type HostileStore,
} from './hostile-store';

/**
 * More of counter B's login in a hostile hand (hostile-counter.test.ts has the first round):
 * NULLs and odd values given to the store's functions, tokens across counters and across a
 * disable, snapshots held from before a change, locks, lies about the gateway that outlive
 * the attacker, other databases on the server, and what a counter can read of secrets and of
 * other sessions.
 */
const { skip, fresh } = hostileClusterForFile('hostile_more');

/** What B's attacks must leave alone, read as the owner. */
async function snapshot(store: HostileStore) {
  return store.owner(async (client) => {
    const read = async (sql: string) => (await client.query(sql)).rows;
    return {
      claimsOfA: await read(`SELECT * FROM store_claims WHERE counter_id = 'A' ORDER BY claim_id`),
      operators: await read('SELECT * FROM store_operators ORDER BY operator_key'),
      sessions: await read('SELECT * FROM store_operator_sessions ORDER BY token_hash'),
      audit: await read('SELECT * FROM store_audit ORDER BY counter_id, seq'),
      keys: await read('SELECT * FROM store_audit_keys ORDER BY counter_id'),
      attemptsOfA: await read(
        `SELECT * FROM store_attempts WHERE counter_id = 'A' ORDER BY attempt_id`,
      ),
      counters: await read('SELECT counter_id, name FROM counters ORDER BY counter_id'),
      members: await read(
        `SELECT r.rolname AS role, m.rolname AS member FROM pg_auth_members a
         JOIN pg_roles r ON r.oid = a.roleid JOIN pg_roles m ON m.oid = a.member
         ORDER BY 1, 2`,
      ),
    };
  });
}

/** Runs one statement as B: what it threw, or how many rows it touched. */
async function attempt(store: HostileStore, sql: string, values: unknown[] = []) {
  return store.as('B', async (client) => {
    try {
      const result = await client.query(sql, values);
      return { threw: null as string | null, rowCount: result.rowCount, rows: result.rows };
    } catch (error) {
      return { threw: (error as Error).message, rowCount: null, rows: [] };
    }
  });
}

/** A's data (seedCounterA) and the store's admin: A's first admin on a new store, the old
 * admin (scrypt) on an upgraded one. */
async function seed(store: HostileStore, shape: 'new' | 'upgraded') {
  await seedCounterA(store);
  return shape === 'new'
    ? { id: 'hala', secret: '112233' }
    : { id: oldOperators[0].id, secret: oldOperators[0].secret };
}

/** Signs `id` in at `counter` (the app's own path, scrypt key included) for its token. */
async function tokenOf(store: HostileStore, counter: string, id: string, secret: string) {
  const outcome = await store.as(counter, (client) =>
    signInAtStore(client, { counterId: counter, operatorId: id, secret, purpose: 'sign-in' }),
  );
  if (outcome.outcome !== 'ok' || outcome.token === null) {
    throw new Error(`${id} could not sign in at ${counter}: ${outcome.outcome}`);
  }
  return outcome.token;
}

/** One operator change through the store, as `counter`, for the admin whose token it is. */
const writeSql = `SELECT * FROM paydesk_write_operator($1, $2, $3, $4, $5, $6, $7, $8, $9)`;

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

describe.skipIf(skip !== null).each(['new', 'upgraded'] as const)(
  'a hostile counter on a %s store, again',
  (shape) => {
    let store: HostileStore;
    let admin: { id: string; secret: string };
    beforeAll(async () => {
      store = await fresh(shape);
      admin = await seed(store, shape);
      // The admin has signed in once at A: on the upgraded store that replaces the scrypt hash
      // with the store's own, as it is after the first day.
      await tokenOf(store, 'A', admin.id, admin.secret);
    });

    // `crypt(NULL, hash) = hash` is NULL, not false: a missing secret must be no try at all,
    // or B signs in as any admin without its PIN and changes every account.
    it('a missing secret signs no operator in and approves nothing', async () => {
      const before = await snapshot(store);
      const outcomes = [];
      for (const purpose of ['sign-in', 'approval', null]) {
        const tried = await attempt(
          store,
          `SELECT outcome, session_token FROM paydesk_sign_in('B', $1, NULL, $2, NULL)`,
          [admin.id, purpose],
        );
        outcomes.push(tried.threw === null ? tried.rows[0]?.outcome : 'refused');
      }
      expect(outcomes.filter((outcome) => outcome === 'ok')).toEqual([]);
      expect((await snapshot(store)).sessions).toEqual(before.sessions);
    });

    // In a REPEATABLE READ transaction begun before an admin was disabled (its sessions
    // deleted), the caller's snapshot would still show that admin's token: the store's
    // functions refuse any snapshot older than the statement.
    it("a disabled admin's token does nothing, even in a transaction begun before", async () => {
      const tokenA = await tokenOf(store, 'A', admin.id, admin.secret);
      await store.as('A', (a) =>
        a.query(writeSql, ['A', tokenA, 'zed', true, 'Zed', 'admin', '445566', null, null]),
      );
      const tokenZed = await tokenOf(store, 'B', 'zed', '445566');
      const b = await connect(store.asCounter('B'));
      let outcome: string;
      try {
        await b.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
        await b.query('SELECT 1');
        await store.as('A', (a) =>
          a.query(writeSql, ['A', tokenA, 'zed', false, null, null, null, true, null]),
        );
        outcome = await b
          .query(writeSql, ['B', tokenZed, 'evil', true, 'Evil', 'admin', '999999', null, null])
          .then(
            async () => {
              await b.query('COMMIT');
              return 'written';
            },
            async (error: Error) => {
              await b.query('ROLLBACK');
              return error.message;
            },
          );
      } finally {
        await b.end();
      }
      expect(outcome).not.toBe('written');
      const evil = await store.owner(
        async (owner) =>
          (await owner.query(`SELECT 1 FROM store_operators WHERE operator_key = 'evil'`)).rowCount,
      );
      expect(evil).toBe(0);
    });

    it('a token works only at its own counter, and ends with a disable or a new secret', async () => {
      const tokenA = await tokenOf(store, 'A', admin.id, admin.secret);
      const before = await snapshot(store);
      // A's token (leaked, say) is nothing at B: not to write, not to sign A's admin out.
      const asB = await attempt(store, writeSql, [
        'B',
        tokenA,
        'mallory',
        true,
        'Mallory',
        'admin',
        '999999',
        null,
        null,
      ]);
      expect(asB.threw).toMatch(/paydesk:signed-out/);
      await attempt(store, 'SELECT paydesk_sign_out($1)', [tokenA]);
      expect(await snapshot(store)).toEqual(before);

      // Admin "yara" signs in at B; A gives her a new secret, then (back on) disables her.
      await store.as('A', (a) =>
        a.query(writeSql, ['A', tokenA, 'yara', true, 'Yara', 'admin', '778899', null, null]),
      );
      const yaraAtB = await tokenOf(store, 'B', 'yara', '778899');
      await store.as('A', (a) =>
        a.query(writeSql, ['A', tokenA, 'yara', false, null, null, '889900', null, null]),
      );
      const afterNewSecret = await attempt(store, writeSql, [
        'B',
        yaraAtB,
        'yara',
        false,
        'Yara Again',
        null,
        null,
        null,
        null,
      ]);
      expect(afterNewSecret.threw).toMatch(/paydesk:signed-out/);
      const yaraAgain = await tokenOf(store, 'B', 'yara', '889900');
      await store.as('A', (a) =>
        a.query(writeSql, ['A', tokenA, 'yara', false, null, null, null, true, null]),
      );
      const afterDisable = await attempt(store, writeSql, [
        'B',
        yaraAgain,
        'yara',
        false,
        null,
        null,
        null,
        false,
        null,
      ]);
      expect(afterDisable.threw).toMatch(/paydesk:signed-out/);
    });

    it('acts only as its own login, whatever role or session it sets', async () => {
      const before = await snapshot(store);
      const attacks = [
        `SET SESSION AUTHORIZATION "paydesk_counter_A"`,
        `SELECT set_config('role', 'paydesk_owner', false)`,
        `SET ROLE "paydesk_counter_A"`,
        `GRANT "paydesk_counter_B" TO "paydesk_counter_A"`,
        `GRANT "paydesk_counter_B" TO paydesk_owner`,
      ];
      for (const sql of attacks) {
        expect({ sql, threw: (await attempt(store, sql)).threw }).toEqual({
          sql,
          threw: expect.stringMatching(/permission denied|must have admin option/),
        });
      }
      // As the bare group role, the login still names B only: A's name is refused.
      const asGroup = await store.as('B', async (b) => {
        await b.query('SET ROLE paydesk_counter');
        return b
          .query(
            `SELECT * FROM paydesk_claim_refund('A', 'order-a', 'SAR', 4200, 0, 1, 0, NULL, NULL)`,
          )
          .then(
            () => 'claimed',
            (error: Error) => error.message,
          );
      });
      expect(asGroup).toMatch(/acts only as itself/);
      const groupInsert = await store.as('B', async (b) => {
        await b.query('SET ROLE paydesk_counter');
        return b
          .query(
            `INSERT INTO store_audit (counter_id, seq, at, event, mac) VALUES ('A', 99, 1, 'x', 'm')`,
          )
          .then(
            () => 'inserted',
            (error: Error) => error.message,
          );
      });
      expect(groupInsert).toMatch(/row-level security/);
      expect(await snapshot(store)).toEqual(before);
    });

    it("reads no operator's secret by any route", async () => {
      await store.owner((owner) => owner.query('ANALYZE store_operators'));
      const routes = [
        'SELECT row_to_json(o) FROM store_operators o',
        'SELECT o FROM store_operators o',
        'SELECT store_operators FROM store_operators',
        'SELECT operator_id FROM store_operators ORDER BY secret_crypt',
        `SELECT operator_id FROM store_operators WHERE secret_crypt LIKE '$2a$%'`,
        `SELECT count(*) FROM store_operators WHERE secret_hash IS NOT NULL`,
        'COPY store_operators TO STDOUT',
        'COPY store_operators (operator_id, secret_crypt) TO STDOUT',
        `SELECT operator_id FROM store_operators FOR UPDATE`,
        `SELECT * FROM paydesk_operator_of(NULL)`,
        `SELECT paydesk_count_failures('badr', -100)`,
        `SELECT paydesk_acting_counter('A')`,
        `SELECT * FROM store_operator_sessions`,
      ];
      for (const sql of routes) {
        expect({ sql, threw: (await attempt(store, sql)).threw }).toEqual({
          sql,
          threw: expect.stringMatching(/permission denied/),
        });
      }
      // The planner's statistics show B no value of a column it may not read.
      const stats = await attempt(
        store,
        `SELECT attname, most_common_vals::text, histogram_bounds::text FROM pg_stats
         WHERE tablename IN ('store_operators', 'store_operator_sessions')
           AND attname IN ('secret_crypt', 'secret_hash', 'token_hash')`,
      );
      expect(stats).toMatchObject({ threw: null, rows: [] });
    });

    it("row security holds for upserts, moved rows and RETURNING on A's rows", async () => {
      const before = await snapshot(store);
      const attacks = [
        `INSERT INTO store_attempts (attempt_id, counter_id, version, created_at, updated_at,
           merchant_reference_id, order_id, amount_minor, currency, first6, last4, card_length,
           holder_name, state, status, refunded_minor)
         VALUES ('sale-a', 'B', 9, 1, 1, 'ref-a', 'order-a', 4200, 'SAR', '400000', '0002', 16,
           'N A', 'refunded', 'refunded', 4200)
         ON CONFLICT (attempt_id) DO UPDATE SET refunded_minor = 4200, status = 'refunded'`,
        `INSERT INTO counters (counter_id, name) VALUES ('A', 'Taken')
         ON CONFLICT (counter_id) DO UPDATE SET name = 'Taken'`,
        `UPDATE store_attempts SET counter_id = 'B' WHERE attempt_id = 'sale-a' RETURNING *`,
        `UPDATE counters SET name = 'Taken' WHERE counter_id = 'A' RETURNING *`,
        `INSERT INTO store_audit (counter_id, seq, at, event, mac) VALUES ('B', 1, 1, 'x', 'm')
         ON CONFLICT (counter_id, seq) DO UPDATE SET counter_id = 'A'`,
        `INSERT INTO store_audit_keys (counter_id, public_key, first_seq) VALUES ('A', 'k', 1)
         ON CONFLICT (counter_id) DO NOTHING`,
      ];
      for (const sql of attacks) {
        const outcome = await attempt(store, sql);
        expect({ sql, changed: outcome.threw === null && (outcome.rowCount ?? 0) > 0 }).toEqual({
          sql,
          changed: false,
        });
      }
      // B's own row may not be handed to A: B writes only through the store's function.
      const moved = await store.as('B', async (b) => {
        await b.query('SELECT paydesk_push($1, $2, $3)', [
          'B',
          'shift',
          JSON.stringify([{ shift_id: 7, version: 1, opened_at: 1, opened_after_entry: 0 }]),
        ]);
        return b.query(`UPDATE store_shifts SET counter_id = 'A' WHERE counter_id = 'B'`).then(
          () => 'moved',
          (error: Error) => error.message,
        );
      });
      expect(moved).toMatch(/permission denied/);
      expect(await snapshot(store)).toEqual(before);
    });

    it("reaches no server file or program, no other session, and sees no other counter's query", async () => {
      const before = await snapshot(store);
      const attacks = [
        `SELECT lo_import('/etc/passwd')`,
        `SELECT lo_export(lo_create(0), '/tmp/paydesk-lo')`,
        `SELECT pg_read_file('/etc/passwd')`,
        `SELECT pg_read_binary_file('global/pg_control')`,
        `SELECT pg_ls_dir('.')`,
        `SELECT pg_stat_file('postgresql.conf')`,
        `COPY (SELECT 1) TO '/tmp/paydesk-copy'`,
        `COPY store_attempts FROM '/etc/passwd'`,
        `CREATE EXTENSION dblink`,
        `CREATE EXTENSION IF NOT EXISTS pg_stat_statements`,
        `CREATE EVENT TRIGGER spy ON ddl_command_start EXECUTE FUNCTION store_counter_id()`,
        `CREATE PUBLICATION everything FOR ALL TABLES`,
        `ALTER SYSTEM SET log_statement = 'all'`,
        `SET log_statement = 'all'`,
        `SELECT pg_reload_conf()`,
      ];
      for (const sql of attacks) {
        expect({ sql, threw: (await attempt(store, sql)).threw }).toEqual({
          sql,
          threw: expect.stringMatching(/permission denied|must be superuser|not supported/),
        });
      }
      // While A runs a query carrying a PIN, B sees neither its text nor can it stop it.
      const a = await connect(store.asCounter('A'));
      try {
        const running = a.query(`SELECT pg_sleep(1.5), '112233'::text AS typed`);
        const seen = await store.as('B', async (b) => {
          await b.query('SELECT pg_sleep(0.3)');
          const rows = (
            await b.query<{ query: string; pid: number }>(
              `SELECT pid, query FROM pg_stat_activity WHERE usename = 'paydesk_counter_A'`,
            )
          ).rows;
          const stopped = [];
          for (const row of rows) {
            for (const stop of ['pg_cancel_backend', 'pg_terminate_backend']) {
              stopped.push(
                await b.query(`SELECT ${stop}($1)`, [row.pid]).then(
                  () => 'stopped',
                  (error: Error) => error.message,
                ),
              );
            }
          }
          return { queries: rows.map((row) => row.query), stopped };
        });
        expect(seen.queries.length).toBeGreaterThan(0);
        for (const query of seen.queries) expect(query).toBe('<insufficient privilege>');
        for (const stop of seen.stopped) expect(stop).toMatch(/permission denied|must be/);
        expect((await running).rows[0]?.typed).toBe('112233');
      } finally {
        await a.end();
      }
      expect(await snapshot(store)).toEqual(before);
    });

    it("odd arguments to the store's functions change nothing of A's", async () => {
      const before = await snapshot(store);
      const aClaim = before.claimsOfA[0]?.claim_id;
      expect(aClaim).toBeDefined();
      const calls: [string, unknown[]][] = [
        [
          `SELECT * FROM paydesk_claim_refund('B', 'order-a', 'SAR', NULL, NULL, NULL, NULL, NULL, NULL)`,
          [],
        ],
        [`SELECT * FROM paydesk_claim_refund('B', NULL, 'SAR', 4200, 0, 1, 0, NULL, NULL)`, []],
        [
          `SELECT * FROM paydesk_claim_refund('B', 'order-a', 'SAR', -1, -1, -1, -1, NULL, NULL)`,
          [],
        ],
        [
          `SELECT * FROM paydesk_claim_refund('B', '', 'SAR', 1, 0, 1, 0, repeat('x', 40), NULL)`,
          [],
        ],
        [
          `SELECT * FROM paydesk_claim_refund(NULL, 'order-a', 'SAR', 4200, 0, 1, 0, NULL, NULL)`,
          [],
        ],
        [
          `SELECT * FROM paydesk_claim_hold('B', 'order-a', 'SAR', -5, 'held', 'capture-sent', -1, NULL, NULL)`,
          [],
        ],
        [
          `SELECT * FROM paydesk_claim_hold('B', 'order-a', 'SAR', 5, 'held', 'refund-sent', 0, NULL, NULL)`,
          [],
        ],
        [`SELECT paydesk_settle_claim($1, NULL, NULL)`, [aClaim]],
        [`SELECT paydesk_settle_claim($1, 'done', -1)`, [aClaim]],
        [`SELECT paydesk_settle_claim_from_order($1, 9223372036854775807)`, [aClaim]],
        [`SELECT settle_expired_claims('order-a', 9223372036854775807)`, []],
        [`SELECT settle_expired_hold_claims('order-a', NULL)`, []],
        [`SELECT * FROM paydesk_sign_in('B', $1, repeat('1', 129), 'sign-in', NULL)`, [admin.id]],
        [`SELECT * FROM paydesk_sign_in('B', NULL, '000000', 'sign-in', NULL)`, []],
        [
          `SELECT * FROM paydesk_sign_in('B', $1, '000000', 'sign-in', repeat('A', 1000))`,
          ['badr'],
        ],
        [`SELECT paydesk_report_failures('B', $1, 0)`, [admin.id]],
        [`SELECT paydesk_report_failures('B', $1, 2147483647)`, [admin.id]],
        [`SELECT paydesk_report_failures('B', $1, NULL)`, [admin.id]],
        [
          `SELECT * FROM paydesk_write_operator('B', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)`,
          [],
        ],
        [
          `SELECT * FROM paydesk_write_operator('B', NULL, $1, NULL, NULL, 'admin', '999999', false, true)`,
          [admin.id],
        ],
        [`SELECT paydesk_first_operators('B', 'null')`, []],
        [`SELECT paydesk_first_operators('B', '[{"operator_id":"hala","role":"root"}]')`, []],
        [`SELECT paydesk_sign_out(NULL)`, []],
      ];
      for (const [sql, values] of calls) await attempt(store, sql, values);
      const after = await snapshot(store);
      // A's claim, every account (badr's wrong try aside) and every session are as they were.
      const withoutTries = (rows: Record<string, unknown>[]) =>
        rows.map((row) => ({ ...row, failures: 0, locked_until: null }));
      expect({ ...after, operators: withoutTries(after.operators) }).toEqual({
        ...before,
        operators: withoutTries(before.operators),
      });
      expect(after.operators.find((row) => row.operator_key === admin.id)).toMatchObject({
        failures: 0,
        locked_until: null,
      });
    });

    it("pgcrypto's costliest hash is stopped by the counter's own statement timeout", async () => {
      const outcome = await store.as('B', async (b) => {
        await b.query(`SET statement_timeout = '300ms'`);
        const started = Date.now();
        const message = await b.query(`SELECT crypt('x', gen_salt('bf', 31))`).then(
          () => 'hashed',
          (error: Error) => error.message,
        );
        return { message, ms: Date.now() - started };
      });
      expect(outcome.message).toMatch(/statement timeout/);
      expect(outcome.ms).toBeLessThan(5_000);
    });

    // B's own claim, made with a reading it invents and settled 'done' with that total, would
    // weigh on the order for ever; a settled claim counts for the refund deadline only.
    it('a lie B settled long ago blocks no refund nor capture at another counter', async () => {
      await store.as('B', async (b) => {
        const refund = await b.query<{ claim_id: string }>(
          `SELECT claim_id FROM paydesk_claim_refund('B', 'order-p', 'SAR', 9000000000000000,
             8999999999999999, 1, 0, NULL, NULL)`,
        );
        await b.query(`SELECT paydesk_settle_claim($1, 'done', 9000000000000000)`, [
          refund.rows[0]?.claim_id,
        ]);
        const hold = await b.query<{ claim_id: string }>(
          `SELECT claim_id FROM paydesk_claim_hold('B', 'hold-p', 'SAR', 100, 'held',
             'capture-sent', 0, NULL, NULL)`,
        );
        await b.query(`SELECT paydesk_settle_claim($1, 'done', 0)`, [hold.rows[0]?.claim_id]);
      });
      // A day later (B's login long revoked), A acts on the two orders with true readings.
      await store.owner((owner) =>
        owner.query(
          `UPDATE store_claims SET claimed_at = claimed_at - interval '1 day',
             settle_after = settle_after - interval '1 day',
             settled_at = settled_at - interval '1 day'
           WHERE order_id IN ('order-p', 'hold-p')`,
        ),
      );
      const byA = await store.as('A', async (a) => ({
        refund: (
          await a.query(
            `SELECT refusal FROM paydesk_claim_refund('A', 'order-p', 'SAR', 4200, 0, 100, 60000,
               NULL, NULL)`,
          )
        ).rows[0]?.refusal,
        release: (
          await a.query(
            `SELECT refusal FROM paydesk_claim_hold('A', 'hold-p', 'SAR', 100, 'held',
               'release-sent', 60000, NULL, NULL)`,
          )
        ).rows[0]?.refusal,
      }));
      expect(byA).toEqual({ refund: null, release: null });
    });

    // LOCK TABLE's strong modes need UPDATE, DELETE or TRUNCATE: counters write through the
    // store's functions and hold only SELECT on shared tables, so no lock of theirs stalls
    // another counter's reads.
    it('cannot stall every other counter by locking a shared table', async () => {
      const b = await connect(store.asCounter('B'));
      try {
        await b.query('BEGIN');
        await b
          .query('LOCK TABLE counters, store_attempts IN ACCESS EXCLUSIVE MODE')
          .catch(() => undefined);
        const byA = await store.as('A', async (a) => {
          await a.query(`SET statement_timeout = '1s'`);
          return a.query(`SELECT count(*) FROM store_attempts`).then(
            () => 'read',
            (error: Error) => error.message,
          );
        });
        expect(byA).toBe('read');
      } finally {
        await b.query('ROLLBACK').catch(() => undefined);
        await b.end();
      }
    });
  },
);

// Roles are the server's: a counter of one store must not connect to another store on the
// same server (CONNECT is the store's own counters' only).
describe.skipIf(skip !== null)('a counter login and another store on the same server', () => {
  it('reaches no other store database', async () => {
    const ours = await fresh('new', ['A', 'B']);
    const theirs = await fresh('new', ['C']);
    await theirs.as('C', (c) =>
      c.query('SELECT paydesk_push($1, $2, $3)', ['C', 'attempt', JSON.stringify(saleOfA(1))]),
    );
    const theirsAsB = theirs.asCounter('B');
    expect(theirsAsB).not.toBe(ours.asCounter('B'));
    const read = await connect(theirsAsB).then(
      async (client) => {
        try {
          return (await client.query('SELECT holder_name FROM store_attempts')).rows;
        } finally {
          await client.end();
        }
      },
      (error: Error) => error.message,
    );
    expect(read).toMatch(/permission denied|not permitted/);
  });
});
