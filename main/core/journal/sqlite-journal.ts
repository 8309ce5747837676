import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { Clock } from '../ports';
import { parseRecordRow, recordColumns, type StoredAttempt } from './attempt-rows';
import { readDetail, readStored } from './attempt-reads';
import { maskedCardOf, toAttemptResult } from './attempt-views';
import { createCardCheckJournal } from './card-checks';
import { searchHistory } from './history-search';
import { checkEvent, checkNewAttempt, checkPatch } from './journal-inputs';
import {
  attemptStates,
  canTransition,
  durabilityOfState,
  type AttemptState,
} from './attempt-state';
import {
  appendLedgerEntry,
  attemptBeforeSchema,
  ledgerEntriesForTransition,
  mayMakeLedgerEntries,
  type AttemptBefore,
} from './ledger';
import { JournalError } from '../platform/journal-error';
import { flushDeferredWhenQuiet, type FlushTiming } from '../platform/deferred-flush';
import type { AttemptPatch, AttemptRecord, Journal } from './journal';
import { statementCache } from '../platform/statement-cache';
import { inTransaction, type Durability } from '../platform/transaction';

/** Where a new attempt starts: nothing sent yet, no outcome. */
const initialState = 'created';
const initialStatus = 'in-progress';

/** Same WHERE as the partial index attempts_in_doubt, so SQLite reads only that index. */
export const inDoubtSql = `SELECT ${recordColumns} FROM attempts
  WHERE state = 'pay-sent' OR status = 'in-doubt' ORDER BY created_at`;

/** Attempts still running (before Pay, or a crash left them so until start-up settles them). */
export const runningSql = `SELECT ${recordColumns} FROM attempts WHERE status = 'in-progress'`;

/** Each state's allowed predecessors as an SQL list (the states are fixed words, never input). */
const predecessorsSql = Object.fromEntries(
  attemptStates.map((to) => [
    to,
    attemptStates
      .filter((from) => canTransition(from, to))
      .map((from) => `'${from}'`)
      .join(', '),
  ]),
) as Record<AttemptState, string>;

/** The interface's record: the card length stays inside, behind the mask. */
const toRecord = ({ cardLength: _cardLength, ...record }: StoredAttempt): AttemptRecord => record;

/** Column values for the fields a patch sets; absent fields are not touched. */
function patchColumns(patch: ReturnType<typeof checkPatch>): Record<string, SQLInputValue> {
  const columns: Record<string, SQLInputValue> = {};
  if (patch.state !== undefined) columns.state = patch.state;
  if (patch.status !== undefined) columns.status = patch.status;
  if (patch.sessionId !== undefined) columns.session_id = patch.sessionId;
  if (patch.orderId !== undefined) columns.order_id = patch.orderId;
  if (patch.threeDSecureId !== undefined) columns.three_ds_secure_id = patch.threeDSecureId;
  if (patch.failure !== undefined) {
    columns.failure_code = patch.failure?.code ?? null;
    columns.gateway_code = patch.failure?.gatewayCode ?? null;
    columns.gateway_message = patch.failure?.gatewayMessage ?? null;
    columns.correlation_id = patch.failure?.correlationId ?? null;
  }
  if (patch.order !== undefined) {
    columns.order_json = patch.order === null ? null : JSON.stringify(patch.order);
  }
  if (patch.refundedMinor !== undefined) columns.refunded_minor = patch.refundedMinor;
  if (patch.sessionCreatedAt !== undefined) columns.session_created_at = patch.sessionCreatedAt;
  if (patch.sessionExpiresAt !== undefined) columns.session_expires_at = patch.sessionExpiresAt;
  if (patch.settleAfter !== undefined) columns.settle_after = patch.settleAfter;
  if (patch.heldAt !== undefined) columns.held_at = patch.heldAt;
  return columns;
}

/**
 * The Journal over an open, migrated connection (see openJournal). Writes are synchronous
 * and each is one transaction, so when a method returns its effect is written, and a money
 * message's record is on disk (Durability): the engine can send Pay right after recording
 * `pay-sent`.
 */
export function createSqliteJournal(
  db: DatabaseSync,
  clock: Clock,
  files: { path: string; flushTiming?: FlushTiming },
): Journal {
  const prepare = statementCache(db);
  const flusher = flushDeferredWhenQuiet(db, `${files.path}-wal`, files.flushTiming);

  const appendEvent = (attemptId: string, checked: ReturnType<typeof checkEvent>) => {
    prepare(
      `INSERT INTO events (attempt_id, at, step, outcome, detail, operator)
       VALUES (:attemptId, :at, :step, :outcome, :detail, :operator)`,
    ).run({
      attemptId,
      at: clock.now(),
      step: checked.step,
      outcome: checked.outcome,
      detail: checked.detail ?? null,
      operator: checked.operator ?? null,
    });
  };

  const stored = (attemptId: string) => readStored(prepare, attemptId);

  /** The attempt as it stands before a transition: its state is checked, its ledger derived. */
  const before = (attemptId: string): AttemptBefore => {
    const row = prepare(
      `SELECT attempt_id, state, order_id, merchant_reference_id, amount_minor, currency, brand,
         refunded_minor, operator_id, created_at FROM attempts WHERE attempt_id = ?`,
    ).get(attemptId);
    if (row === undefined)
      throw new JournalError('unknown-attempt', 'No such attempt in the journal.');
    return attemptBeforeSchema.parse(row);
  };

  /** Refuses, before anything is written, a state change the transition table does not allow. */
  const assertTransition = (from: AttemptState, to: AttemptState) => {
    if (!canTransition(from, to)) {
      throw new JournalError('invalid-transition', `No transition from ${from} to ${to}.`);
    }
  };

  /** Throws why an attempt cannot move to `to`: unknown, or the table does not allow it. */
  const refuse = (attemptId: string, to: AttemptState): never => {
    assertTransition(before(attemptId).state, to);
    throw new JournalError('invalid-transition', `The attempt could not move to ${to}.`);
  };

  // Set while an `atomically(…, 'with-next')` runs: a money message may not join it.
  let deferring = false;
  const durabilityFor = (state: AttemptState | undefined): Durability => {
    // A patch that sets no state changes what is recorded of money already: at once.
    const durability = state === undefined ? 'now' : durabilityOfState(state);
    if (deferring && durability === 'now') {
      throw new JournalError(
        'invalid-transition',
        `${state ?? 'A patch'} records money and must reach the disk at once.`,
      );
    }
    return durability;
  };

  return {
    createAttempt(attempt, event) {
      const checked = checkNewAttempt(attempt);
      inTransaction(
        db,
        () => {
          prepare(
            `INSERT INTO attempts (attempt_id, merchant_reference_id, amount_minor, currency,
             brand, first6, last4, card_length, holder_name, state, status, created_at,
             updated_at, gateway_base_url, merchant_public_key, operator_id, payment_operation,
             card_source, save_card_json)
           VALUES (:attemptId, :reference, :amountMinor, :currency, :brand, :first6, :last4,
             :cardLength, :holderName, :state, :status, :createdAt, :updatedAt,
             :gatewayBaseUrl, :merchantPublicKey, :operatorId, :paymentOperation,
             :cardSource, :saveCard)`,
          ).run({
            attemptId: checked.attemptId,
            reference: checked.merchantReferenceId,
            amountMinor: checked.amountMinor,
            currency: checked.currency,
            brand: checked.brand,
            first6: checked.first6,
            last4: checked.last4,
            cardLength: checked.cardLength,
            holderName: checked.holderName,
            state: initialState,
            status: initialStatus,
            createdAt: checked.createdAt,
            updatedAt: clock.now(),
            gatewayBaseUrl: checked.gatewayBaseUrl ?? null,
            merchantPublicKey: checked.merchantPublicKey ?? null,
            operatorId: checked.operatorId ?? null,
            paymentOperation: checked.paymentOperation ?? 'Pay',
            cardSource: checked.cardSource ?? 'keyed',
            saveCard: checked.saveCard ? JSON.stringify(checked.saveCard) : null,
          });
          appendEvent(checked.attemptId, checkEvent(event));
        },
        durabilityFor(initialState),
      );
    },

    transition(attemptId, patch: AttemptPatch, event) {
      const checked = checkPatch(patch);
      const checkedEvent = checkEvent(event);
      const columns = { ...patchColumns(checked), updated_at: clock.now() };
      const assignments = Object.keys(columns).map((column) => `${column} = :${column}`);
      const update = `UPDATE attempts SET ${assignments.join(', ')} WHERE attempt_id = :attemptId`;
      const to = checked.state;
      inTransaction(
        db,
        () => {
          if (to !== undefined && !mayMakeLedgerEntries(to, checked.refundedMinor !== undefined)) {
            // Nothing to derive from the attempt as it was (no ledger entry can come of it):
            // the transition table is the UPDATE's condition, and the attempt is read only to
            // say why nothing matched. One statement fewer on each step of a sale.
            const { changes } = prepare(`${update} AND state IN (${predecessorsSql[to]})`).run({
              ...columns,
              attemptId,
            });
            if (Number(changes) === 0) refuse(attemptId, to);
            appendEvent(attemptId, checkedEvent);
            return;
          }
          const was = before(attemptId);
          if (to !== undefined) assertTransition(was.state, to);
          prepare(update).run({ ...columns, attemptId });
          appendEvent(attemptId, checkedEvent);
          const entries = ledgerEntriesForTransition(
            was,
            {
              state: to ?? was.state,
              orderId: checked.orderId === undefined ? was.orderId : checked.orderId,
              refundedMinor: checked.refundedMinor ?? was.refundedMinor,
            },
            checkedEvent.operator ?? null,
          );
          for (const entry of entries) appendLedgerEntry(prepare, clock.now(), entry);
        },
        durabilityFor(to),
      );
    },

    atomically(work, durability = 'now') {
      if (durability === 'now' || db.isTransaction) return inTransaction(db, work);
      deferring = true;
      try {
        return inTransaction(db, work, durability);
      } finally {
        deferring = false;
      }
    },

    get(attemptId) {
      const attempt = stored(attemptId);
      return attempt === null ? null : toRecord(attempt);
    },

    inDoubt: () =>
      prepare(inDoubtSql)
        .all()
        .map((row) => toRecord(parseRecordRow(row))),

    unsettled(limit) {
      // Two reads, each on its own index (attempts_by_status, the partial attempts_in_doubt):
      // one statement with both would scan the whole table in time order.
      const running = prepare(runningSql).all().map(parseRecordRow);
      const paySent = prepare(inDoubtSql)
        .all()
        .map(parseRecordRow)
        .filter((attempt) => attempt.state === 'pay-sent' && attempt.status !== 'in-progress');
      return [...running, ...paySent]
        .sort((a, b) => b.createdAt - a.createdAt || (a.attemptId < b.attemptId ? 1 : -1))
        .slice(0, limit)
        .map((attempt) => ({ ...toRecord(attempt), masked: maskedCardOf(attempt) }));
    },

    byReference: (merchantReferenceId) =>
      prepare(
        `SELECT ${recordColumns} FROM attempts WHERE lower(merchant_reference_id) = lower(?)
         ORDER BY created_at DESC, attempt_id DESC`,
      )
        .all(merchantReferenceId)
        .map((row) => toRecord(parseRecordRow(row))),

    result(attemptId) {
      const attempt = stored(attemptId);
      return attempt === null ? null : toAttemptResult(attempt);
    },

    search: (filters, cursor, limit) => searchHistory(prepare, filters, cursor, limit),

    detail: (attemptId) => readDetail(prepare, attemptId),

    cardChecks: createCardCheckJournal(db, clock),
    file: { db, prepare },

    // Idempotent: shutdown paths (window closed, app quitting) may both close it.
    close: () => {
      flusher.flushNow();
      flusher.stop();
      if (db.isOpen) db.close();
    },
  };
}
