import type { Migration } from '../../platform/migrate';

export const holds: Migration = {
  version: 7,
  name: 'holds: payment operation and time of the hold',
  // Authorize only: the operation the sale's session was made for, and when the
  // gateway showed the money held (History's age and expiry warning count from it).
  // Old rows were one-step Pay.
  sql: `
      ALTER TABLE attempts ADD COLUMN payment_operation TEXT NOT NULL DEFAULT 'Pay'
        CHECK (payment_operation IN ('Pay', 'PreAuthorize'));
      ALTER TABLE attempts ADD COLUMN held_at INTEGER;
    `,
};
