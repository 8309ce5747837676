import type { StoreMigration } from './store-migration';

/**
 * Store step 6: every counter's audit chain (security.sqlite's `audit`), row for
 * row with its MAC, in the counter's own order. Append-only here too: a counter's role may
 * insert its own rows and change none (no UPDATE or DELETE is granted). The newest row of a
 * counter is its chain's head, which the store end of day records.
 */
export const auditChains: StoreMigration = {
  version: 6,
  name: 'audit chains of every counter',
  sql: `
    CREATE TABLE store_audit (
      counter_id text NOT NULL REFERENCES counters,
      seq bigint NOT NULL CHECK (seq >= 1),
      at bigint NOT NULL,
      event text NOT NULL,
      operator_id text,
      subject text,
      detail text,
      mac text NOT NULL,
      PRIMARY KEY (counter_id, seq)
    );
    GRANT SELECT, INSERT ON store_audit TO paydesk_counter;
    ALTER TABLE store_audit ENABLE ROW LEVEL SECURITY;
    CREATE POLICY store_audit_read ON store_audit FOR SELECT TO paydesk_counter USING (true);
    CREATE POLICY store_audit_insert ON store_audit FOR INSERT TO paydesk_counter
      WITH CHECK (counter_id = store_counter_id());
  `,
};
