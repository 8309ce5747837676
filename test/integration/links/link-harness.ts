import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { LinkRequest, LinkView } from '../../../shared/ipc-links';
import { openJournal, type Journal } from '../../../main/core/journal';
import { createLinkService, type LinkService } from '../../../main/core/links/link-service';
import { startSandbox, type Sandbox } from '../../../main/core/sandbox';
import { linkTestSettings, sandboxDeps } from '../../support/sandbox-deps';
import { linkJournalOf } from '../../support/link-journal-of';

/** A clock tests move by hand; the sandbox and Paydesk read the same one. */
export function movableClock(start = Date.now()) {
  let offset = 0;
  return {
    now: () => start + offset + (Date.now() - start),
    /** Moves with `advance` too: in-process deadlines (a hold action in doubt) pass with it. */
    monotonic: () => performance.now() + offset,
    advance: (ms: number) => {
      offset += ms;
    },
  };
}

export const linkRequest = (overrides: Partial<LinkRequest> = {}): LinkRequest => ({
  amount: '250.00',
  currency: 'SAR',
  merchantReferenceId: `PD-LINK-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
  description: 'Phone order 42',
  phone: { countryCode: '+966', number: '501234567' },
  email: null,
  expiryHours: 24,
  authorizeOnly: false,
  ...overrides,
});

/** A real sandbox, a real journal file, and link services over them (restartable). */
export async function linkHarness() {
  const clock = movableClock();
  const sandbox: Sandbox = await startSandbox({ clock });
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-links-'));
  const path = join(dir, 'journal.sqlite');
  const opened: { journal: Journal; links: LinkService }[] = [];

  /**
   * A Paydesk process: its own journal connection and link service on the same file. A held
   * link's capture or release in doubt asks Get order after short pauses (tests wait less).
   */
  const start = (
    follow = { fastPollMs: 20, slowPollMs: 200 },
    tuning = { inDoubtRetryDelaysMs: [0, 20, 40] },
  ) => {
    const journal = openJournal({ path, clock });
    const links = createLinkService({
      ...sandboxDeps(sandbox, clock),
      journal: linkJournalOf(journal, clock),
      settings: linkTestSettings,
      follow,
      tuning,
    });
    opened.push({ journal, links });
    return { journal, links };
  };

  /** Resolves with the link once a service announces it in `status`. */
  const until = (links: LinkService, linkId: string, status: LinkView['status']) =>
    new Promise<LinkView>((resolve) => {
      const now = links.get(linkId);
      if (now.ok && now.value.status === status) return resolve(now.value);
      const stop = links.onUpdated((link) => {
        if (link.linkId === linkId && link.status === status) {
          stop();
          resolve(link);
        }
      });
    });

  /** Ledger rows of one link, as a second connection sees them. */
  const ledgerOf = (linkId: string) => {
    const db = new DatabaseSync(path, { readOnly: true });
    try {
      return db
        .prepare('SELECT kind, source, order_id, amount_minor FROM ledger WHERE record_id = ?')
        .all(linkId);
    } finally {
      db.close();
    }
  };

  return {
    clock,
    sandbox,
    path,
    start,
    until,
    ledgerOf,
    async close() {
      for (const { links, journal } of opened) {
        await links.close();
        journal.close();
      }
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
