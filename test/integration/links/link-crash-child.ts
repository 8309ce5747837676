/**
 * A Paydesk process for the link crash test: it captures one held payment link against the
 * sandbox the parent started and is killed (SIGKILL) by the parent once the journal shows
 * the capture sent. Configuration arrives as JSON in PAYDESK_LINK_CRASH_CHILD.
 */
import { randomUUID } from 'node:crypto';
import { openJournal } from '../../../main/core/journal';
import { createLinkService } from '../../../main/core/links/link-service';

const config = JSON.parse(process.env.PAYDESK_LINK_CRASH_CHILD ?? '{}') as {
  sandboxUrl: string;
  merchantPublicKey: string;
  apiPassword: string;
  journalPath: string;
  linkId: string;
};
const clock = { now: () => Date.now() };
const journal = openJournal({ path: config.journalPath, clock });
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const links = createLinkService({
  gateway: () => ({ baseUrl: config.sandboxUrl }),
  secrets: {
    credentials: async () => ({
      merchantPublicKey: config.merchantPublicKey,
      apiPassword: config.apiPassword,
      origin: new URL(config.sandboxUrl).origin,
    }),
  },
  journal: journal.links,
  clock,
  ids: { uuid: randomUUID },
  logger: silent,
  settings: () => ({ language: 'en', amountCap: '100000.00' }),
  // Long waits: the parent kills this process while it waits for an answer.
  timeouts: { headersMs: 60_000 },
  tuning: { inDoubtRetryDelaysMs: [0, 60_000] },
});

await links.capture(config.linkId);
// Reaching this line means the parent did not kill us in time.
process.exit(3);
