import { openJournal } from '../../../main/core/journal';
import { journalPayInDoubt } from '../../support/pay-in-doubt';

/**
 * Child process for the durability test: records an attempt up to `pay-sent`, says so on
 * stdout, then hangs until the test kills it with SIGKILL (no exit handlers, no flush).
 */
const [path, attemptId] = process.argv.slice(2);
if (path === undefined || attemptId === undefined) throw new Error('usage: <path> <attemptId>');
const journal = openJournal({ path, clock: { now: () => Date.now() } });
journalPayInDoubt(journal, {
  attemptId,
  merchantReferenceId: 'CRASH-1',
  amountMinor: 100,
  currency: 'SAR',
  brand: 'visa',
  first6: '444000',
  last4: '0010',
  holderName: 'CRASH TEST',
  createdAt: Date.now(),
});
process.stdout.write('written\n');
setInterval(() => undefined, 60_000);
