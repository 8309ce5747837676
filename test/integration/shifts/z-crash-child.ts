import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createAuditTrail } from '../../../main/core/audit/audit-trail';
import { createSqliteAuditStore } from '../../../main/core/audit/sqlite-audit-store';
import { openJournal } from '../../../main/core/journal';
import { openSecurityDatabase } from '../../../main/core/operators/security-database';
import { startJournalReader } from '../../../main/core/reader/journal-reader';
import { sourceReaderEntry } from '../../../main/core/reader/reader-thread-source';
import { createShiftService } from '../../../main/core/shifts/shift-service';

/**
 * A counter that sells and closes shifts as fast as it can until it is killed: the parent
 * kills it with SIGKILL at random moments (z-numbering.test.ts).
 */
const { journalPath } = JSON.parse(process.env.PAYDESK_Z_CHILD ?? '{}') as { journalPath: string };
const clock = { now: () => Date.now() };
const journal = openJournal({ path: journalPath, clock });
const securityDb = openSecurityDatabase(join(journalPath, '..', 'security.sqlite'), clock.now());
const audit = createAuditTrail({
  store: createSqliteAuditStore(securityDb),
  key: randomBytes(32),
  clock,
});
const shifts = createShiftService({
  reader: startJournalReader({
    path: journalPath,
    entry: sourceReaderEntry,
    logger: console,
    onThreadError: (error) => {
      throw error;
    },
  }),
  path: journalPath,
  clock,
  audit,
  search: async () => ({
    ok: false,
    error: { kind: 'network', operation: 'search', detail: 'credentials-missing' },
  }),
  binding: async () => null,
});

// A kill between `pay-sent` and `paid` leaves a payment in doubt, which blocks the close. The
// app's start-up reconciling settles it from the gateway; here the order is known paid.
for (const attempt of journal.inDoubt()) {
  journal.transition(
    attempt.attemptId,
    { state: 'paid', status: 'paid', orderId: `order-${attempt.attemptId}` },
    { step: 'settled', outcome: 'ok' },
  );
}

let n = 0;
const loop = async () => {
  for (;;) {
    n += 1;
    const attemptId = `${process.pid}-${n}`;
    journal.createAttempt(
      {
        attemptId,
        merchantReferenceId: `Z-${attemptId}`,
        amountMinor: 100 + n,
        currency: 'SAR',
        brand: 'visa',
        first6: '444000',
        last4: '0010',
        holderName: 'CRASH TEST',
        createdAt: clock.now(),
      },
      { step: 'created', outcome: 'ok' },
    );
    for (const state of ['session', 'initiated', 'payer-authenticated', 'pay-sent'] as const)
      journal.transition(attemptId, { state }, { step: state, outcome: 'ok' });
    journal.transition(
      attemptId,
      { state: 'paid', status: 'paid', orderId: `order-${attemptId}` },
      { step: 'settled', outcome: 'ok' },
    );
    const z = await shifts.closeShift(null);
    process.stdout.write(`${z.zNumber}\n`);
  }
};
void loop();
