import type { Migration } from '../../platform/migrate';

export const auditSignaturesAndPinnedKeys: Migration = {
  version: 3,
  name: 'signed audit rows and the pinned keys of other counters',
  // Store mode (docs/store.md, "Audit across counters"): each new row's public chain value
  // and Ed25519 signature; the counter's key pair (private half sealed, like audit_key);
  // and the first public key this counter saw for each counter of the store, so a key
  // replaced in the store is reported, not trusted. seen_seq/seen_link: the furthest
  // head of that chain this counter verified, so rows cut off its end are noticed too.
  sql: `
      ALTER TABLE audit ADD COLUMN link TEXT;
      ALTER TABLE audit ADD COLUMN sig TEXT;

      CREATE TABLE audit_signing_key (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        sealed TEXT NOT NULL,
        protected INTEGER NOT NULL,
        public_key TEXT NOT NULL,
        first_seq INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE audit_pinned_keys (
        counter_id TEXT NOT NULL PRIMARY KEY,
        public_key TEXT NOT NULL,
        first_seq INTEGER NOT NULL,
        pinned_at INTEGER NOT NULL,
        seen_seq INTEGER NOT NULL DEFAULT 0,
        seen_link TEXT
      ) STRICT;
    `,
};
