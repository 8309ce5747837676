import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  getStoredCustomer,
  recordStoredConsent,
  saveStoredCard,
  saveStoredCustomer,
  searchStoredCustomers,
  storedCardToken,
  type CustomersCaller,
} from '../../../main/core/store/customers/store-customers';
import { searchTerms } from '../../../main/core/customers/customer-search';
import { runStoreCli } from '../../../main/core/store/store-cli';
import { hostileClusterForFile, type HostileStore } from './hostile-store';

/**
 * Customers and saved cards in the store (store step 15) against counters' logins in hostile
 * hands. Counters A and C work for merchant account `merchant-a`, B for `merchant-b` (IT bound
 * them with add-counter --merchant). A keeps a customer with a saved card; every attack by B
 * (another account) or C (the same account, another counter) must fail and leave what A wrote
 * as it was.
 */
const { skip, fresh } = hostileClusterForFile('customers');

const tokenOfA = 'tok-7f3e9a1c-secret-of-merchant-a';
const a: CustomersCaller = { counterId: 'A', merchant: 'merchant-a' };

interface Seeded {
  customerId: string;
  consentId: string;
  agreementId: string;
  cardId: string;
}

async function bindByIt(store: HostileStore, counterId: string, merchant: string) {
  await runStoreCli(
    [
      'add-counter',
      '--id',
      counterId,
      '--name',
      `Counter ${counterId}`,
      '--merchant',
      merchant,
      '--url',
      store.ownerUrl,
    ],
    () => undefined,
  );
}

/** The token A's sale reports for its customer, as the engine hands it over. */
const cardSavedByA = (ids: { customerId: string; consentId: string; agreementId: string }) => ({
  attemptId: 'sale-a-1',
  ...ids,
  operator: 'amal',
  token: {
    tokenId: tokenOfA,
    maskedCard: '411111******1111',
    brand: 'Visa',
    expiryMonth: 12,
    expiryYear: 2031,
  },
});

/** A's customer, the consent read to them, and the card the gateway tokenized. */
async function seedCustomerOfA(store: HostileStore): Promise<Seeded> {
  return store.as('A', async (db) => {
    const customer = await saveStoredCustomer(
      db,
      a,
      null,
      { name: 'Sara Haddad', phone: '+966501234567', email: null, notes: '' },
      'amal',
    );
    const consent = await recordStoredConsent(db, a, {
      customerId: customer.customerId,
      operator: 'amal',
      language: 'en',
      text: 'Do you agree that the store keeps your card on file?',
      agreementType: 'Unscheduled',
    });
    const cardId = await saveStoredCard(
      db,
      a,
      cardSavedByA({ customerId: customer.customerId, ...consent }),
    );
    return { customerId: customer.customerId, ...consent, cardId };
  });
}

/** What A relies on, read as the owner: compared before and after each attack. */
async function snapshot(store: HostileStore) {
  return store.owner(async (client) => {
    const read = async (sql: string) => (await client.query(sql)).rows;
    return {
      merchants: await read('SELECT * FROM store_counter_merchants ORDER BY counter_id'),
      customers: await read('SELECT * FROM store_customers ORDER BY customer_id'),
      consents: await read('SELECT * FROM store_card_consents ORDER BY consent_id'),
      cards: await read('SELECT * FROM store_saved_cards ORDER BY card_id'),
    };
  });
}

/** Runs one statement as `counter`: its error message, or null when it ran. */
async function attempt(
  store: HostileStore,
  counter: string,
  sql: string,
  values: unknown[] = [],
): Promise<{ threw: string | null; rows: unknown[] }> {
  return store.as(counter, async (client) => {
    try {
      return { threw: null, rows: (await client.query(sql, values)).rows };
    } catch (error) {
      return { threw: (error as Error).message, rows: [] };
    }
  });
}

const quoteDb = (store: HostileStore) => `"${new URL(store.ownerUrl).pathname.slice(1)}"`;

describe.skipIf(skip !== null).each(['new', 'upgraded'] as const)(
  'customers and saved cards on a %s store',
  (shape) => {
    let store: HostileStore;
    let seeded: Seeded;
    beforeAll(async () => {
      store = await fresh(shape, ['A', 'B', 'C']);
      await bindByIt(store, 'A', 'merchant-a');
      await bindByIt(store, 'B', 'merchant-b');
      await bindByIt(store, 'C', 'merchant-a');
      seeded = await seedCustomerOfA(store);
    });

    it('shares a customer and their card between the counters of one merchant account', async () => {
      const c: CustomersCaller = { counterId: 'C', merchant: 'merchant-a' };
      const found = await store.as('C', (db) =>
        searchStoredCustomers(db, c, searchTerms('1111', 'SA'), 50),
      );
      expect(found.map((customer) => customer.customerId)).toEqual([seeded.customerId]);
      expect(found[0]?.cards).toMatchObject([
        { cardId: seeded.cardId, maskedCard: '411111******1111', last4: '1111', state: 'usable' },
      ]);
      // The directory's reads never carry the token; only the one payment read does.
      expect(JSON.stringify(found)).not.toContain(tokenOfA);
      const token = await store.as('C', (db) =>
        storedCardToken(db, c, seeded.customerId, seeded.cardId),
      );
      expect(token).toMatchObject({ tokenId: tokenOfA, agreementId: seeded.agreementId });
      // The same sale reported again (after a restart) keeps the one card.
      const again = await store.as('A', (db) => saveStoredCard(db, a, cardSavedByA(seeded)));
      expect(again).toBe(seeded.cardId);
    });

    it("a counter of another merchant account cannot read A's customers or tokens", async () => {
      const b: CustomersCaller = { counterId: 'B', merchant: 'merchant-b' };
      const seen = await store.as('B', async (db) => ({
        all: await searchStoredCustomers(db, b, searchTerms('', 'SA'), 200),
        byName: await searchStoredCustomers(db, b, searchTerms('Sara', 'SA'), 200),
        byPhone: await searchStoredCustomers(db, b, searchTerms('501234567', 'SA'), 200),
        byLast4: await searchStoredCustomers(db, b, searchTerms('1111', 'SA'), 200),
        byId: await getStoredCustomer(db, b, seeded.customerId),
        token: await storedCardToken(db, b, seeded.customerId, seeded.cardId),
      }));
      expect(seen).toEqual({
        all: [],
        byName: [],
        byPhone: [],
        byLast4: [],
        byId: null,
        token: null,
      });
      const attacks: [string, unknown[]][] = [
        // Naming A's account: the store holds B to the one IT bound it to.
        [`SELECT paydesk_customer_search('B', 'merchant-a', '', NULL, NULL, 200)`, []],
        [
          `SELECT * FROM paydesk_saved_card_token('B', 'merchant-a', $1, $2)`,
          [seeded.customerId, seeded.cardId],
        ],
        // Acting as A.
        [`SELECT paydesk_customer_search('A', 'merchant-a', '', NULL, NULL, 200)`, []],
        [
          `SELECT * FROM paydesk_saved_card_token('A', 'merchant-a', $1, $2)`,
          [seeded.customerId, seeded.cardId],
        ],
        [
          `SELECT * FROM paydesk_saved_card_token(NULL, 'merchant-a', $1, $2)`,
          [seeded.customerId, seeded.cardId],
        ],
        // The tables themselves, and the helper that lists a customer's cards.
        ['SELECT * FROM store_saved_cards', []],
        ['SELECT token_id FROM store_saved_cards', []],
        ['SELECT * FROM store_customers', []],
        ['SELECT * FROM store_card_consents', []],
        ['SELECT * FROM store_counter_merchants', []],
        ['SELECT public.paydesk_customer_json(c) FROM store_customers c', []],
        ['COPY store_saved_cards TO STDOUT', []],
      ];
      for (const [sql, values] of attacks) {
        const outcome = await attempt(store, 'B', sql, values);
        expect({ sql, threw: outcome.threw }).toEqual({
          sql,
          threw: expect.stringMatching(/permission denied|merchant-mismatch|acts only as itself/),
        });
        expect(JSON.stringify(outcome.rows)).not.toContain(tokenOfA);
      }
    });

    it('cannot write a card for, change or delete a customer of another merchant account', async () => {
      const before = await snapshot(store);
      const b: CustomersCaller = { counterId: 'B', merchant: 'merchant-b' };
      // B's own customer and consent, to try pairing them with A's.
      const own = await store.as('B', async (db) => {
        const customer = await saveStoredCustomer(
          db,
          b,
          null,
          { name: 'Bader', phone: null, email: null, notes: '' },
          'badr',
        );
        return {
          customerId: customer.customerId,
          ...(await recordStoredConsent(db, b, {
            customerId: customer.customerId,
            operator: 'badr',
            language: 'ar',
            text: 'موافقة',
            agreementType: 'Recurring',
          })),
        };
      });
      const card = (customerId: string, consentId: string, agreementId: string) =>
        [
          `SELECT paydesk_save_card('B', 'merchant-b', $1, $2, $3, $4, 'badr', 'tok-b', '555555******4444', 'Mastercard', 1, 2030)`,
          [
            `sale-b-${customerId.slice(0, 4)}-${consentId.slice(0, 4)}`,
            customerId,
            consentId,
            agreementId,
          ],
        ] as const;
      const attacks: (readonly [string, readonly unknown[]])[] = [
        card(seeded.customerId, seeded.consentId, seeded.agreementId),
        card(seeded.customerId, own.consentId, own.agreementId),
        // B's customer with A's consent: the consent was another customer's.
        card(own.customerId, seeded.consentId, seeded.agreementId),
        [
          `SELECT paydesk_customer_save('B', 'merchant-b', $1, 'Taken', NULL, NULL, '', 'badr')`,
          [seeded.customerId],
        ],
        [`SELECT paydesk_customer_delete('B', 'merchant-b', $1, 'badr')`, [seeded.customerId]],
        [
          `SELECT paydesk_remove_saved_card('B', 'merchant-b', $1, $2, 'badr', 'x')`,
          [seeded.customerId, seeded.cardId],
        ],
        [
          `SELECT * FROM paydesk_record_card_consent('B', 'merchant-b', $1, 'badr', 'en', 'x', 'Recurring')`,
          [seeded.customerId],
        ],
        [
          `SELECT paydesk_saved_card_refused('B', 'merchant-b', $1, $2, 'x', true)`,
          [seeded.customerId, seeded.cardId],
        ],
        [`UPDATE store_saved_cards SET token_id = 'tok-b'`, []],
        [`UPDATE store_customers SET merchant_public_key = 'merchant-b'`, []],
        [`DELETE FROM store_customers`, []],
        [
          `INSERT INTO store_counter_merchants (counter_id, merchant_public_key, bound_at)
           VALUES ('B', 'merchant-a', 0)`,
          [],
        ],
      ];
      for (const [sql, values] of attacks) {
        const outcome = await attempt(store, 'B', sql, [...values]);
        expect({ sql, threw: outcome.threw }).toEqual({
          sql,
          threw: expect.stringMatching(
            /permission denied|customer-not-found|consent-not-found|saved-card-not-found/,
          ),
        });
      }
      const after = await snapshot(store);
      const ofMerchantA = (rows: Record<string, unknown>[]) =>
        rows.filter((row) => row.merchant_public_key === 'merchant-a');
      expect(ofMerchantA(after.customers)).toEqual(ofMerchantA(before.customers));
      expect(ofMerchantA(after.consents)).toEqual(ofMerchantA(before.consents));
      expect(after.cards).toEqual(before.cards);
      expect(after.merchants).toEqual(before.merchants);
    });

    it('a consent stays as recorded: no counter changes or removes one, its own included', async () => {
      const before = await snapshot(store);
      const attacks = [
        `UPDATE store_card_consents SET consent_text = 'nothing was agreed'`,
        `UPDATE store_card_consents SET agreement_type = 'Recurring'`,
        `DELETE FROM store_card_consents`,
        `TRUNCATE store_card_consents`,
        `INSERT INTO store_card_consents (consent_id, merchant_public_key, customer_id,
           counter_id, language, consent_text, agreement_id, agreement_type, recorded_at)
         VALUES ('forged', 'merchant-a', '${seeded.customerId}', 'A', 'en', 'x', 'PD-AG-x',
           'Recurring', 0)`,
      ];
      for (const counter of ['C', 'A', 'B']) {
        for (const sql of attacks) {
          expect({ counter, sql, threw: (await attempt(store, counter, sql)).threw }).toEqual({
            counter,
            sql,
            threw: expect.stringMatching(/permission denied/),
          });
        }
      }
      // A card saved under A's consent must carry that consent's own agreement.
      const forged = await attempt(
        store,
        'C',
        `SELECT paydesk_save_card('C', 'merchant-a', 'sale-c-1', $1, $2, 'PD-AG-chosen-by-c', 'cala',
           'tok-c', '400000******0002', 'Visa', 1, 2030)`,
        [seeded.customerId, seeded.consentId],
      );
      expect(forged.threw).toMatch(/consent-not-found/);
      // Another consent for the same customer is a new record; the first one is untouched.
      await store.as('C', (db) =>
        recordStoredConsent(
          db,
          { counterId: 'C', merchant: 'merchant-a' },
          {
            customerId: seeded.customerId,
            operator: 'cala',
            language: 'ar',
            text: 'نص آخر',
            agreementType: 'Recurring',
          },
        ),
      );
      const after = await snapshot(store);
      expect(after.consents).toEqual(expect.arrayContaining(before.consents));
      expect(after.consents).toHaveLength(before.consents.length + 1);
      expect(after.consents.find((row) => row.consent_text === 'نص آخر')).toMatchObject({
        counter_id: 'C',
        operator_id: 'cala',
      });
    });

    it("cannot call the owner's functions nor bind itself to another merchant account", async () => {
      const before = await snapshot(store);
      const attacks = [
        `SELECT paydesk_bind_counter_merchant('B', 'merchant-a')`,
        `SELECT paydesk_counter_merchant('B', 'merchant-a')`,
        `SELECT paydesk_now_ms()`,
        `SELECT paydesk_acting_counter('A')`,
        `CREATE OR REPLACE FUNCTION paydesk_counter_merchant(p text, q text) RETURNS text
           LANGUAGE sql AS $$ SELECT 'merchant-a' $$`,
        `ALTER FUNCTION paydesk_customer_search(text, text, text, text, text, integer) SECURITY INVOKER`,
        `ALTER TABLE store_saved_cards DISABLE ROW LEVEL SECURITY`,
      ];
      for (const sql of attacks) {
        expect({ sql, threw: (await attempt(store, 'B', sql)).threw }).toEqual({
          sql,
          threw: expect.stringMatching(/permission denied|must be owner/),
        });
      }
      // A counter IT never bound is refused, whatever account it names.
      await store.owner((owner) =>
        owner.query(`DELETE FROM store_counter_merchants WHERE counter_id = 'B'`),
      );
      try {
        const unbound = await attempt(
          store,
          'B',
          `SELECT paydesk_customer_search('B', 'merchant-b', '', NULL, NULL, 1)`,
        );
        expect(unbound.threw).toMatch(/counter-without-merchant/);
      } finally {
        await bindByIt(store, 'B', 'merchant-b');
      }
      const after = await snapshot(store);
      expect({ ...after, merchants: [] }).toEqual({ ...before, merchants: [] });
      expect(after.merchants.map((row) => [row.counter_id, row.merchant_public_key])).toEqual([
        ['A', 'merchant-a'],
        ['B', 'merchant-b'],
        ['C', 'merchant-a'],
      ]);
    });

    it('a search_path hijack with TEMP granted back reads and changes nothing', async () => {
      const before = await snapshot(store);
      await store.owner((owner) =>
        owner.query(`GRANT TEMPORARY ON DATABASE ${quoteDb(store)} TO "paydesk_counter_B"`),
      );
      try {
        const outcome = await store.as('B', async (db: pg.Client) => {
          // B's own tables in front of the store's, saying B works for merchant A.
          await db.query(`CREATE TEMP TABLE store_counter_merchants
            (counter_id text, merchant_public_key text, bound_at bigint)`);
          await db.query(
            `INSERT INTO pg_temp.store_counter_merchants VALUES ('B', 'merchant-a', 0)`,
          );
          await db.query(`CREATE TEMP TABLE store_saved_cards (card_id text,
            customer_id text, merchant_public_key text, token_id text, state text)`);
          await db.query(`CREATE TEMP TABLE store_customers (customer_id text, name text,
            merchant_public_key text, deleted_at bigint)`);
          await db.query(`INSERT INTO pg_temp.store_customers
            VALUES ('planted', 'Planted', 'merchant-b', NULL)`);
          await db.query(`CREATE TEMP TABLE loot (what text)`);
          await db.query(`CREATE FUNCTION pg_temp.grab() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN INSERT INTO pg_temp.loot VALUES (NEW.token_id); RETURN NEW; END $$`);
          await db.query(`CREATE TRIGGER grab BEFORE INSERT OR UPDATE ON pg_temp.store_saved_cards
            FOR EACH ROW EXECUTE FUNCTION pg_temp.grab()`);
          await db.query(`CREATE FUNCTION pg_temp.paydesk_counter_merchant(p text, q text)
            RETURNS text LANGUAGE sql AS $$ SELECT 'merchant-a' $$`);
          await db.query('SET search_path = pg_temp, public');
          const tries = [
            `SELECT paydesk_customer_search('B', 'merchant-a', '', NULL, NULL, 200) AS found`,
            `SELECT * FROM paydesk_saved_card_token('B', 'merchant-a', '${seeded.customerId}', '${seeded.cardId}')`,
            `SELECT paydesk_customer_search('B', 'merchant-b', '', NULL, NULL, 200) AS found`,
          ];
          const answers: unknown[] = [];
          for (const sql of tries) {
            try {
              answers.push((await db.query(sql)).rows);
            } catch (error) {
              answers.push((error as Error).message);
            }
          }
          return { answers, loot: (await db.query('SELECT what FROM pg_temp.loot')).rows };
        });
        expect(outcome.loot).toEqual([]);
        expect(outcome.answers[0]).toMatch(/merchant-mismatch/);
        expect(outcome.answers[1]).toMatch(/merchant-mismatch/);
        expect(JSON.stringify(outcome.answers)).not.toContain(tokenOfA);
        expect(JSON.stringify(outcome.answers)).not.toContain('Sara');
        expect(JSON.stringify(outcome.answers[2])).not.toContain('Planted');
      } finally {
        await store.owner((owner) =>
          owner.query(`REVOKE TEMPORARY ON DATABASE ${quoteDb(store)} FROM "paydesk_counter_B"`),
        );
      }
      expect(await snapshot(store)).toEqual(before);
    });

    it('every function of customers runs as the owner with its path pinned, and counters hold no table right', async () => {
      const found = await store.owner(async (owner) => ({
        functions: (
          await owner.query(
            `SELECT p.proname AS name, p.prosecdef AS definer, p.proconfig AS config,
               pg_get_userbyid(p.proowner) AS owner
             FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace
               AND (p.proname LIKE 'paydesk_customer%' OR p.proname LIKE '%saved_card%'
                 OR p.proname IN ('paydesk_save_card', 'paydesk_record_card_consent',
                   'paydesk_counter_merchant', 'paydesk_bind_counter_merchant',
                   'paydesk_live_customer'))
             ORDER BY 1`,
          )
        ).rows,
        tableRights: (
          await owner.query(
            `SELECT t.name, p.privilege FROM unnest(ARRAY['store_customers', 'store_saved_cards',
               'store_card_consents', 'store_counter_merchants']) AS t(name),
               unnest(ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES',
                 'TRIGGER']) AS p(privilege)
             WHERE has_table_privilege('paydesk_counter_B', 'public.' || t.name, p.privilege)`,
          )
        ).rows,
      }));
      expect(found.tableRights).toEqual([]);
      const pinned = ['search_path=public, pg_temp'];
      expect(found.functions).toEqual([
        {
          name: 'paydesk_bind_counter_merchant',
          definer: false,
          config: pinned,
          owner: 'paydesk_owner',
        },
        {
          name: 'paydesk_counter_merchant',
          definer: false,
          config: pinned,
          owner: 'paydesk_owner',
        },
        { name: 'paydesk_customer_delete', definer: true, config: pinned, owner: 'paydesk_owner' },
        { name: 'paydesk_customer_get', definer: true, config: pinned, owner: 'paydesk_owner' },
        { name: 'paydesk_customer_json', definer: false, config: pinned, owner: 'paydesk_owner' },
        { name: 'paydesk_customer_save', definer: true, config: pinned, owner: 'paydesk_owner' },
        { name: 'paydesk_customer_search', definer: true, config: pinned, owner: 'paydesk_owner' },
        { name: 'paydesk_live_customer', definer: false, config: pinned, owner: 'paydesk_owner' },
        {
          name: 'paydesk_record_card_consent',
          definer: true,
          config: pinned,
          owner: 'paydesk_owner',
        },
        {
          name: 'paydesk_remove_saved_card',
          definer: true,
          config: pinned,
          owner: 'paydesk_owner',
        },
        { name: 'paydesk_save_card', definer: true, config: pinned, owner: 'paydesk_owner' },
        {
          name: 'paydesk_saved_card_refused',
          definer: true,
          config: pinned,
          owner: 'paydesk_owner',
        },
        { name: 'paydesk_saved_card_token', definer: true, config: pinned, owner: 'paydesk_owner' },
      ]);
    });

    it('a removed card and a deleted customer keep who removed them, where and when, and no token', async () => {
      const c: CustomersCaller = { counterId: 'C', merchant: 'merchant-a' };
      const { customer, card } = await store.as('C', async (db) => {
        const made = await saveStoredCustomer(
          db,
          c,
          null,
          { name: 'Omar', phone: '+966551112222', email: 'omar@example.com', notes: 'VIP' },
          'cala',
        );
        const consent = await recordStoredConsent(db, c, {
          customerId: made.customerId,
          operator: 'cala',
          language: 'en',
          text: 'I agree',
          agreementType: 'Recurring',
        });
        const save = (attemptId: string, tokenId: string) =>
          saveStoredCard(db, c, {
            attemptId,
            customerId: made.customerId,
            consentId: consent.consentId,
            agreementId: consent.agreementId,
            operator: 'cala',
            token: {
              tokenId,
              maskedCard: '522222******3333',
              brand: null,
              expiryMonth: 3,
              expiryYear: 2030,
            },
          });
        await save('sale-c-2', 'tok-c-two');
        return { customer: made.customerId, card: await save('sale-c-3', 'tok-c-three') };
      });
      // A, at another counter of the same account, removes one card, then deletes the customer.
      await attempt(
        store,
        'A',
        `SELECT paydesk_remove_saved_card('A', 'merchant-a', $1, $2, 'amal', 'customer asked')`,
        [customer, card],
      );
      const deleted = await attempt(
        store,
        'A',
        `SELECT paydesk_customer_delete('A', 'merchant-a', $1, 'amal') AS n`,
        [customer],
      );
      expect(deleted.rows).toEqual([{ n: 1 }]);
      const rows = await store.owner(async (owner) => ({
        customer: (
          await owner.query('SELECT * FROM store_customers WHERE customer_id = $1', [customer])
        ).rows[0],
        cards: (
          await owner.query(
            `SELECT token_id, state, removed_by, removed_counter, removed_why, removed_at > 0 AS stamped
             FROM store_saved_cards WHERE customer_id = $1 ORDER BY attempt_id`,
            [customer],
          )
        ).rows,
      }));
      expect(rows.customer).toMatchObject({
        name: '',
        phone: null,
        email: null,
        notes: '',
        deleted_by: 'amal',
        deleted_counter: 'A',
        created_counter: 'C',
      });
      expect(rows.customer.deleted_at).toMatch(/^\d+$/);
      expect(rows.cards).toEqual([
        {
          token_id: null,
          state: 'removed',
          removed_by: 'amal',
          removed_counter: 'A',
          removed_why: 'customer-deleted',
          stamped: true,
        },
        {
          token_id: null,
          state: 'removed',
          removed_by: 'amal',
          removed_counter: 'A',
          removed_why: 'customer asked',
          stamped: true,
        },
      ]);
      const gone = await store.as('C', (db) => getStoredCustomer(db, c, customer));
      expect(gone).toBeNull();
    });
  },
);
