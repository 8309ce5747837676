import type { Journal } from '../../main/core/journal';
import { createLinkJournal, type LinkJournal } from '../../main/core/links/link-journal';
import type { Clock } from '../../main/core/ports';

const built = new WeakMap<Journal, LinkJournal>();

/**
 * The payment links' store over a journal's file, as the composition root builds it. One per
 * journal: the first call's clock stamps its writes (the wall clock unless a test gives its
 * own), and later calls for the same journal get the same store.
 */
export function linkJournalOf(
  journal: Journal,
  clock: Clock = { now: () => Date.now() },
): LinkJournal {
  const existing = built.get(journal);
  if (existing) return existing;
  const links = createLinkJournal(journal.file, clock);
  built.set(journal, links);
  return links;
}
