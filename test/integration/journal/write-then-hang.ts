import { openJournal } from '../../../main/core/journal';

/**
 * Child process for the durability test: records an attempt up to `pay-sent`, says so on
 * stdout, then hangs until the test kills it with SIGKILL (no exit handlers, no flush).
 */
const [path, attemptId] = process.argv.slice(2);
if (path === undefined || attemptId === undefined) throw new Error('usage: <path> <attemptId>');
const journal = openJournal({ path, clock: { now: () => Date.now() } });
journal.createAttempt(
  {
    attemptId,
    merchantReferenceId: 'CRASH-1',
    amountMinor: 100,
    currency: 'SAR',
    brand: 'visa',
    first6: '444000',
    last4: '0010',
    holderName: 'CRASH TEST',
    createdAt: Date.now(),
  },
  { step: 'created', outcome: 'ok' },
);
// The states before Pay, as the engine writes them (the journal checks every transition).
for (const state of ['session', 'initiated'] as const) {
  journal.transition(attemptId, { state }, { step: state, outcome: 'ok' });
}
journal.transition(
  attemptId,
  { state: 'pay-sent', status: 'in-doubt' },
  { step: 'pay', outcome: 'sent' },
);
process.stdout.write('written\n');
setInterval(() => undefined, 60_000);
