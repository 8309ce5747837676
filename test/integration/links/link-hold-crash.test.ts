import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { killNine, until } from '../payments/fixtures/crash-process';
import { payLink } from '../../support/link-customer';
import { sandboxAccess } from '../../support/sandbox-deps';
import { linkHarness, linkRequest } from './link-harness';
import { linkJournalOf } from '../../support/link-journal-of';

const childPath = fileURLToPath(new URL('./link-crash-child.ts', import.meta.url));
const card = { number: '4440000042200014', expiry: '01/39', cvc: '123', name: 'Omar Saleh' };
const PAST_DEADLINE_MS = 17 * 60_000 + 1_000;

let h: Awaited<ReturnType<typeof linkHarness>>;
let child: ChildProcess | null = null;
beforeEach(async () => {
  h = await linkHarness();
});
afterEach(async () => {
  child?.kill('SIGKILL');
  child = null;
  await h.close();
});

/**
 * kill -9 of a process capturing a held link, just after it journalled `capture-sent`; the
 * capture reached the gateway (its answer then lost) or never ran. The restarted process
 * settles it from Get order only: captured once, or (past the deadline) the hold stands.
 */
describe('kill -9 after a held link’s capture-sent', () => {
  it.each([
    { fault: 'answer lost after the gateway captured', captured: true },
    { fault: 'the capture never reached the gateway', captured: false },
  ])('$fault: the restart settles it from Get order', async ({ captured }) => {
    const { links, journal } = h.start();
    const created = await links.create(linkRequest({ authorizeOnly: true }));
    if (!created.ok) throw new Error(created.error.code);
    await payLink(created.value.url, card);
    const held = await h.until(links, created.value.linkId, 'held');
    await links.close();
    const orderId = held.order?.orderId ?? '';

    if (captured) h.sandbox.faults.failAfterCommit('capture', 1, 504);
    else h.sandbox.faults.failNext('capture', 1, 'hang');
    child = spawn(process.execPath, ['--import', 'tsx', childPath], {
      env: {
        ...process.env,
        PAYDESK_LINK_CRASH_CHILD: JSON.stringify({
          sandbox: sandboxAccess(h.sandbox),
          journalPath: h.path,
          linkId: held.linkId,
        }),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const sent = await until(
      () => linkJournalOf(journal).holds.inDoubt().includes(held.linkId),
      20_000,
    );
    // Wait for the capture to reach the sandbox (or hang there) before the kill.
    await until(
      () => (h.sandbox.inspect.order(orderId)?.captureCount ?? 0) > 0,
      captured ? 5_000 : 300,
    );
    await killNine(child);
    expect(sent).toBe(true);
    expect(linkJournalOf(journal).get(held.linkId)).toMatchObject({
      status: 'held',
      holdPhase: 'capture-sent',
    });

    const restarted = h.start();
    if (!captured) {
      // Before the journalled deadline "still held" proves nothing: it stays in doubt.
      restarted.links.resume();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(linkJournalOf(restarted.journal).get(held.linkId)?.holdPhase).toBe('capture-sent');
      await restarted.links.close();
      h.clock.advance(PAST_DEADLINE_MS);
    }
    const again = h.start();
    again.links.resume();
    if (captured) await h.until(again.links, held.linkId, 'captured');
    else
      await until(() => linkJournalOf(again.journal).get(held.linkId)?.holdPhase === null, 5_000);
    const link = linkJournalOf(again.journal).get(held.linkId);
    expect(link?.status).toBe(captured ? 'captured' : 'held');
    expect(link?.holdPhase).toBeNull();
    expect(h.sandbox.inspect.order(orderId)?.captureCount).toBe(captured ? 1 : 0);
    expect(h.ledgerOf(held.linkId).map((row) => row.kind)).toEqual(
      captured ? ['hold', 'capture'] : ['hold'],
    );
  });
});
