import { describe, expect, it } from 'vitest';
import { startStoreClient } from '../../../main/core/store/store-client';
import { sourceStoreEntry } from '../../../main/core/store/store-thread-source';

// The app quits while a handler still awaits something (a gateway read) and then asks the
// store: that call must fail at once, not start a thread that reconnects after close.
describe('a closed store client', () => {
  it('refuses calls after close instead of starting its thread again', async () => {
    const threadErrors: unknown[] = [];
    const client = startStoreClient({
      entry: sourceStoreEntry,
      onStatus: () => undefined,
      onChanged: () => undefined,
      onThreadError: (error) => threadErrors.push(error),
      logger: { info: () => {}, warn: () => {}, error: () => {} },
    });
    // No store configured: the thread itself answers (a refusal by name).
    const before = await client.auditVerify().then(
      () => 'answered',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(before).not.toBe('store thread closed');
    await client.close();
    await expect(client.auditVerify()).rejects.toThrow('store thread closed');
    await expect(client.operators.signOut('token')).rejects.toThrow('store thread closed');
    expect(threadErrors).toEqual([]);
  }, 30_000);
});
