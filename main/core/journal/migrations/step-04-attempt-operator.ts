import type { Migration } from '../../platform/migrate';

export const attemptOperator: Migration = {
  version: 4,
  name: 'operator of each attempt',
  // Who took the sale: History's Operator column and a cashier's own history,
  // read in the screen's order through their own index.
  sql: `
      ALTER TABLE attempts ADD COLUMN operator_id TEXT;
      CREATE INDEX attempts_by_operator
        ON attempts (operator_id, created_at DESC, attempt_id DESC);
    `,
};
