import type { Journal } from '../journal/journal';
import type { LinkJournal } from '../links/link-journal';

/** As many as Settings lists; one is enough to refuse a change. */
const listed = 20;

/**
 * Merchant references of the journal's attempts still running or in doubt (a sale before its
 * outcome, a Pay, refund or void sent without an answer) and of its payment links still
 * waiting for the customer. Each needs the gateway it started on, with the same credentials,
 * to reach its final state.
 */
export function pendingReferences(journal: Journal, linkJournal: LinkJournal): string[] {
  const { rows } = journal.search({ statuses: ['in-progress', 'in-doubt'] }, null, listed);
  const links = linkJournal.list(['pending'], listed);
  return [
    ...rows.map((row) => row.merchantReferenceId),
    ...links.map((link) => link.merchantReferenceId),
  ].slice(0, listed);
}
