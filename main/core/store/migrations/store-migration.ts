/** One numbered step of the store database's schema; never edited once released. */
export interface StoreMigration {
  version: number;
  name: string;
  sql: string;
}
