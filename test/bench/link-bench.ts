import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { openJournal } from '../../main/core/journal';
import { createLinkService } from '../../main/core/links/link-service';
import { startSandbox } from '../../main/core/sandbox';
import { payLink } from '../support/link-customer';
import { linkTestSettings, sandboxDeps } from '../support/sandbox-deps';
import { linkJournalOf } from '../support/link-journal-of';

/**
 * `link_paid_to_screen_ms_p50`: from the customer's Pay being answered on their
 * phone to the agent's screen being told the link is Paid, for links paid 5 to 60 s after
 * they were sent. Everything on the path is real and on the wall clock: the sandbox, the
 * link follower's default cadence (1 s polls in a link's first 10 minutes), Get e-invoice,
 * Get order, the journal's settling write to a real file, and the `linkUpdated` event the
 * window receives. Links run side by side (a phone desk has several waiting), so the whole
 * figure takes about a minute, not an hour. PAYDESK_LINK_BENCH_LINKS sets how many.
 */

const card = { number: '4440000042200014', expiry: '01/39', cvc: '123', name: 'Bench Customer' };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

export async function runLinkBench(count = Number(process.env.PAYDESK_LINK_BENCH_LINKS ?? 24)) {
  const sandbox = await startSandbox();
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-link-bench-'));
  const clock = { now: () => Date.now() };
  const journal = openJournal({ path: join(dir, 'journal.sqlite'), clock });
  const links = createLinkService({
    ...sandboxDeps(sandbox, clock),
    journal: linkJournalOf(journal, clock),
    settings: linkTestSettings,
  });
  const shownAt = new Map<string, number>();
  links.onUpdated((link) => {
    if (link.status === 'paid' && !shownAt.has(link.linkId))
      shownAt.set(link.linkId, performance.now());
  });
  try {
    const samples = await Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const created = await links.create({
          amount: '100.00',
          currency: 'SAR',
          merchantReferenceId: `BENCH-LINK-${index}`,
          description: 'Bench',
          phone: { countryCode: '+966', number: '501234567' },
          email: null,
          expiryHours: 24,
          authorizeOnly: false,
        });
        if (!created.ok) throw new Error(`link not created: ${created.error.code}`);
        // Spread evenly over 5–60 s after sending, so every phase of the 1 s poll is hit.
        await delay(5_000 + (55_000 * index) / Math.max(1, count - 1));
        await payLink(created.value.url, card);
        const answered = performance.now();
        while (!shownAt.has(created.value.linkId)) await delay(5);
        return (shownAt.get(created.value.linkId) ?? answered) - answered;
      }),
    );
    return { link_paid_to_screen_ms_p50: Math.round(median(samples) * 10) / 10 };
  } finally {
    await links.close();
    journal.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
