import type { Migration } from '../../platform/migrate';

/**
 * Store mode's operators are the store's to check (store step 12). A counter keeps a secret
 * hash only for an operator who signed in at it, to sign them in while the store is offline;
 * `secret_set_at` is the store's time of the secret that copy was made from. Hashes synced
 * from the store before (every operator's, to every counter) are dropped here unless the
 * audit trail shows that operator signed in at this counter.
 */
export const secretsSignedInHere: Migration = {
  version: 4,
  name: 'secrets only of operators who signed in here',
  sql: `
      ALTER TABLE operator_sync ADD COLUMN secret_set_at INTEGER NOT NULL DEFAULT 0;
      UPDATE operators SET secret_hash = ''
      WHERE operator_id IN (SELECT operator_id FROM operator_sync)
        AND operator_id NOT IN (
          SELECT operator_id FROM audit WHERE event = 'sign-in' AND operator_id IS NOT NULL);
    `,
};
