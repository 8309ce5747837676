import type { DatabaseSync, StatementSync } from 'node:sqlite';

/** A statement for SQL text, prepared once per connection. */
export type Prepare = (sql: string) => StatementSync;

/**
 * An open SQLite file as its features share it: tables of several features live in one
 * journal file, so a link's ending commits with its ledger row, and they share one cache.
 */
export interface SqliteFile {
  db: DatabaseSync;
  prepare: Prepare;
}

/**
 * Prepared statements by SQL text. History queries are assembled from the filters in use,
 * so there are a few dozen shapes; preparing each once keeps parsing off every keystroke.
 */
export function statementCache(db: DatabaseSync): Prepare {
  const cache = new Map<string, StatementSync>();
  return (sql) => {
    let statement = cache.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
}
