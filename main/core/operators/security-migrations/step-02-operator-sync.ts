import type { Migration } from '../../platform/migrate';

export const operatorSync: Migration = {
  version: 2,
  name: 'operators as last synced with the store',
  // Store mode: each operator's failed-try count and change time as this counter
  // last agreed them with the store, so tries counted offline merge as a difference.
  sql: `
      CREATE TABLE operator_sync (
        operator_id TEXT NOT NULL PRIMARY KEY COLLATE NOCASE,
        failures INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
    `,
};
