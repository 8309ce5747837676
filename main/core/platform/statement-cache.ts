import type { DatabaseSync, StatementSync } from 'node:sqlite';

/**
 * Prepared statements by SQL text. History queries are assembled from the filters in use,
 * so there are a few dozen shapes; preparing each once keeps parsing off every keystroke.
 */
export function statementCache(db: DatabaseSync): (sql: string) => StatementSync {
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
