import type { StoreMigration } from './store-migration';

/**
 * Store step 8: what lets any counter check every counter's audit chain
 * (docs/store.md, "Audit across counters"). Each row's Ed25519 signature beside its MAC
 * (null on rows written before the counter signed), and each counter's public key: one row
 * per counter, inserted by that counter and never changed (no UPDATE or DELETE is granted),
 * with the first sequence number it signed. Counters pin the first key they see; a key
 * replaced here by someone with the owner's rights is reported, not trusted.
 */
export const auditSignatures: StoreMigration = {
  version: 8,
  name: 'audit row signatures and counters’ public keys',
  sql: `
    ALTER TABLE store_audit ADD COLUMN sig text;

    CREATE TABLE store_audit_keys (
      counter_id text PRIMARY KEY REFERENCES counters,
      public_key text NOT NULL,
      first_seq bigint NOT NULL CHECK (first_seq >= 1),
      published_at timestamptz NOT NULL DEFAULT now()
    );
    GRANT SELECT, INSERT ON store_audit_keys TO paydesk_counter;
    ALTER TABLE store_audit_keys ENABLE ROW LEVEL SECURITY;
    CREATE POLICY store_audit_keys_read ON store_audit_keys FOR SELECT TO paydesk_counter
      USING (true);
    CREATE POLICY store_audit_keys_insert ON store_audit_keys FOR INSERT TO paydesk_counter
      WITH CHECK (counter_id = store_counter_id());
  `,
};
