import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createAuditTrail } from '../../../main/core/audit/audit-trail';
import { createSqliteAuditStore } from '../../../main/core/audit/sqlite-audit-store';
import type { AttemptState, NewAttempt } from '../../../main/core/journal';
import { appendLedgerEntry, type NewLedgerEntry } from '../../../main/core/journal/ledger';
import type { ReaderOp } from '../../../main/core/reader/query-registry';
import { openDatabase } from '../../../main/core/platform/open-database';
import { statementCache } from '../../../main/core/platform/statement-cache';
import { inTransaction } from '../../../main/core/platform/transaction';
import { openSecurityDatabase } from '../../../main/core/operators/security-database';
import type { SearchOrders } from '../../../main/core/shifts/reconcile';
import { startJournalReader } from '../../../main/core/reader/journal-reader';
import { sourceReaderEntry } from '../../../main/core/reader/reader-thread-source';
import { createShiftService } from '../../../main/core/shifts/shift-service';
import { journalPayInDoubt } from '../../support/pay-in-doubt';
import { newAttempt, tempJournal } from '../journal/temp-journal';
import { linkJournalOf } from '../../support/link-journal-of';

/**
 * A real journal file, a real audit trail and the shift service over them. Ledger rows come
 * from journal transitions (sales, refunds) or, for kinds whose writers live in other issues
 * (holds, links), from the ledger's own append inside a transaction, as those writers do.
 */
// No gateway configured: every report is "not reconciled".
const noGateway: SearchOrders = async () => ({
  ok: false,
  error: { kind: 'network', operation: 'search', detail: 'credentials-missing' },
});

export function shiftFixture(
  search: SearchOrders = noGateway,
  /** Runs after each answer of the reader thread, before the service goes on with it. */
  afterRead: (op: ReaderOp) => void = () => {},
) {
  const journal = tempJournal();
  const securityDb = openSecurityDatabase(join(journal.dir, 'security.sqlite'), 0);
  const audit = createAuditTrail({
    store: createSqliteAuditStore(securityDb),
    key: randomBytes(32),
    clock: journal.clock,
  });
  const reader = startJournalReader({
    path: journal.path,
    entry: sourceReaderEntry,
    logger: console,
    onThreadError: (error) => {
      throw error;
    },
  });
  const shifts = createShiftService({
    path: journal.path,
    clock: journal.clock,
    audit,
    search,
    binding: async () => null,
    reader: {
      query: async (op, args, options) => {
        const answer = await reader.query(op, args, options);
        afterRead(op);
        return answer;
      },
    },
  });
  const ledgerDb = openDatabase(journal.path);
  const prepare = statementCache(ledgerDb);

  const walk = (attemptId: string, states: AttemptState[], operator: string | null = null) => {
    for (const state of states)
      journal.journal.transition(attemptId, { state }, { step: state, outcome: 'ok', operator });
  };

  return {
    ...journal,
    audit,
    shifts,
    /** A card sale walked through the journal to `paid` (one 'sale' ledger entry). */
    sale(overrides: Partial<NewAttempt> = {}, orderId: string | null = null) {
      const attempt = newAttempt({ createdAt: journal.clock.now(), ...overrides });
      journal.journal.createAttempt(attempt, { step: 'created', outcome: 'ok' });
      walk(attempt.attemptId, ['session', 'initiated', 'payer-authenticated', 'pay-sent']);
      journal.journal.transition(
        attempt.attemptId,
        { state: 'paid', status: 'paid', orderId: orderId ?? `order-${attempt.attemptId}` },
        { step: 'settled', outcome: 'ok' },
      );
      return attempt;
    },
    /** An attempt whose Pay went out without an answer: in doubt. */
    inDoubt(overrides: Partial<NewAttempt> = {}) {
      const attempt = newAttempt({ createdAt: journal.clock.now(), ...overrides });
      journalPayInDoubt(journal.journal, attempt);
      return attempt;
    },
    settle(attemptId: string) {
      journal.journal.transition(
        attemptId,
        { state: 'paid', status: 'paid', orderId: `order-${attemptId}` },
        { step: 'settled', outcome: 'ok' },
      );
    },
    declined(overrides: Partial<NewAttempt> = {}) {
      const attempt = newAttempt({ createdAt: journal.clock.now(), ...overrides });
      journal.journal.createAttempt(attempt, { step: 'created', outcome: 'ok' });
      walk(attempt.attemptId, ['session', 'initiated', 'payer-authenticated', 'pay-sent']);
      journal.journal.transition(
        attempt.attemptId,
        { state: 'declined', status: 'declined' },
        { step: 'settled', outcome: 'declined' },
      );
      return attempt;
    },
    abandoned(overrides: Partial<NewAttempt> = {}) {
      const attempt = newAttempt({ createdAt: journal.clock.now(), ...overrides });
      journal.journal.createAttempt(attempt, { step: 'created', outcome: 'ok' });
      journal.journal.transition(
        attempt.attemptId,
        { state: 'cancelled', status: 'cancelled' },
        { step: 'cancelled', outcome: 'ok' },
      );
      return attempt;
    },
    /** A refund of `amountMinor`, by `operator` (`id` or `id/approver`). */
    refund(attempt: NewAttempt, refundedMinor: number, operator: string | null = null) {
      journal.journal.transition(
        attempt.attemptId,
        {
          state: refundedMinor === attempt.amountMinor ? 'refunded' : 'partially-refunded',
          status: refundedMinor === attempt.amountMinor ? 'refunded' : 'partially-refunded',
          refundedMinor,
        },
        { step: 'refund', outcome: 'ok', operator },
      );
    },
    /** A card hold (Authorize only) walked through the journal to `authorized`. */
    hold(overrides: Partial<NewAttempt> = {}) {
      const attempt = newAttempt({ createdAt: journal.clock.now(), ...overrides });
      journal.journal.createAttempt(attempt, { step: 'created', outcome: 'ok' });
      walk(attempt.attemptId, ['session', 'initiated', 'payer-authenticated', 'pay-sent']);
      journal.journal.transition(
        attempt.attemptId,
        { state: 'authorized', status: 'authorized', orderId: `order-${attempt.attemptId}` },
        { step: 'authorized', outcome: 'ok' },
      );
      return attempt;
    },
    /** A hold captured: its money taken (the journal writes the 'capture' entry). */
    capture(attemptId: string) {
      journal.journal.transition(
        attemptId,
        { state: 'paid', status: 'paid' },
        { step: 'captured', outcome: 'ok' },
      );
    },
    /** A payment link sent now, pending until `settleLink`. */
    link(linkId: string, amountMinor: number, currency: 'SAR' | 'KWD' = 'SAR') {
      linkJournalOf(journal.journal, journal.clock).create(
        {
          linkId,
          paymentIntentId: `intent-${linkId}`,
          url: `https://pay.example/${linkId}`,
          merchantReferenceId: `LINK-${linkId}`,
          amountMinor,
          currency,
          description: 'Fixture link',
          phone: null,
          email: 'customer@example.com',
          authorizeOnly: true,
          gatewayStatus: 'Pending',
          expiresAt: journal.clock.now() + 86_400_000,
          createdAt: journal.clock.now(),
          gatewayBaseUrl: 'https://gateway.example',
          merchantPublicKey: 'pk',
          operatorId: null,
        },
        { step: 'created', outcome: 'ok' },
      );
    },
    /** The link's customer authorized a hold (its 'hold' ledger entry is written here). */
    linkHeld(linkId: string, amountMinor: number) {
      linkJournalOf(journal.journal, journal.clock).settle(
        linkId,
        {
          status: 'held',
          gatewayStatus: 'Authorized',
          brand: 'visa',
          order: {
            orderId: `order-${linkId}`,
            status: 'Authorized',
            detailedStatus: 'Authorized',
            authorizationCode: null,
            rrn: null,
            amountMinor,
            maskedCard: '444000******0010',
            brand: 'visa',
            holderName: 'FIXTURE',
          },
        },
        { step: 'held', outcome: 'ok' },
      );
    },
    /** A hold, capture, release or link outcome as payment links and holds write them. */
    ledger(entry: Partial<NewLedgerEntry> & Pick<NewLedgerEntry, 'kind' | 'amountMinor'>) {
      inTransaction(ledgerDb, () =>
        appendLedgerEntry(prepare, journal.clock.now(), {
          source: 'card',
          recordId: 'record-1',
          orderId: null,
          merchantReferenceId: 'REF',
          currency: 'SAR',
          brand: 'visa',
          operatorId: null,
          approverId: null,
          recordCreatedAt: journal.clock.now(),
          detail: null,
          ...entry,
        }),
      );
    },
    async remove() {
      shifts.close();
      await reader.close();
      ledgerDb.close();
      securityDb.close();
      journal.remove();
    },
  };
}
