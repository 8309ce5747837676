/**
 * A Paydesk process for the link crash test: it captures one held payment link against the
 * sandbox the parent started and is killed (SIGKILL) by the parent once the journal shows
 * the capture sent. Configuration arrives as JSON in PAYDESK_LINK_CRASH_CHILD.
 */
import { openJournal } from '../../../main/core/journal';
import { createLinkService } from '../../../main/core/links/link-service';
import { linkTestSettings, sandboxDeps, type SandboxAccess } from '../../support/sandbox-deps';
import { linkJournalOf } from '../../support/link-journal-of';

const config = JSON.parse(process.env.PAYDESK_LINK_CRASH_CHILD ?? '{}') as {
  sandbox: SandboxAccess;
  journalPath: string;
  linkId: string;
};
const clock = { now: () => Date.now() };
const journal = openJournal({ path: config.journalPath, clock });
const links = createLinkService({
  ...sandboxDeps(config.sandbox, clock),
  journal: linkJournalOf(journal, clock),
  settings: linkTestSettings,
  // Long waits: the parent kills this process while it waits for an answer.
  timeouts: { headersMs: 60_000 },
  tuning: { inDoubtRetryDelaysMs: [0, 60_000] },
});

await links.capture(config.linkId);
// Reaching this line means the parent did not kill us in time.
process.exit(3);
