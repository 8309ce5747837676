import type { Migration } from '../../platform/migrate';

export const linkHolds: Migration = {
  version: 12,
  name: 'payment link holds: capture, release and lapse',
  // `status` stays 'held' (its CHECK cannot change without rebuilding the table); how the
  // hold went on is `hold_state`: a capture or release in doubt until `settle_after`, or
  // its ending (captured, released, lapsed) at `hold_ended_at`.
  sql: `
      ALTER TABLE links ADD COLUMN hold_state TEXT CHECK (hold_state IN
        ('capture-sent', 'release-sent', 'captured', 'released', 'hold-expired'));
      ALTER TABLE links ADD COLUMN settle_after INTEGER;
      ALTER TABLE links ADD COLUMN hold_ended_at INTEGER;
    `,
};
