import type { Migration } from '../../platform/migrate';

export const attemptGatewayAndDeadline: Migration = {
  version: 3,
  name: 'gateway, merchant key and settlement deadline per attempt',
  // Settlement reads the gateway the attempt used, not today's settings; the deadline is
  // wall-clock so it survives a restart (DESIGN.md §3, "In doubt"). Old rows keep nulls.
  sql: `
      ALTER TABLE attempts ADD COLUMN gateway_base_url TEXT;
      ALTER TABLE attempts ADD COLUMN merchant_public_key TEXT;
      ALTER TABLE attempts ADD COLUMN session_created_at INTEGER;
      ALTER TABLE attempts ADD COLUMN session_expires_at INTEGER;
      ALTER TABLE attempts ADD COLUMN settle_after INTEGER;
    `,
};
