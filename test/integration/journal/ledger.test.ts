import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AttemptState } from '../../../main/core/journal';
import { newAttempt, tempJournal } from './temp-journal';

let t: ReturnType<typeof tempJournal>;
beforeEach(() => {
  t = tempJournal();
});
afterEach(() => t.remove());

const event = (step: string, operator: string | null = null) => ({
  step,
  outcome: 'ok',
  operator,
});

/** The ledger as a second connection sees it: committed rows only, in journal order. */
function ledgerRows(path: string) {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db
      .prepare(
        `SELECT entry_id, kind, source, record_id, order_id, amount_minor, currency,
           operator_id, approver_id, record_created_at FROM ledger ORDER BY entry_id`,
      )
      .all();
  } finally {
    db.close();
  }
}

function walk(attemptId: string, states: AttemptState[]) {
  for (const state of states) t.journal.transition(attemptId, { state }, event(state));
}

describe('ledger', () => {
  it('records a sale once, when Pay settles, with the attempt operator and start time', () => {
    const attempt = { ...newAttempt({ amountMinor: 5_000 }), operatorId: 'cashier-1' };
    t.journal.createAttempt(attempt, event('created'));
    walk(attempt.attemptId, ['session', 'initiated', 'payer-authenticated', 'pay-sent']);
    expect(ledgerRows(t.path)).toEqual([]);
    // Re-sent Pay and a settlement round that stays in doubt: same state, no entry.
    walk(attempt.attemptId, ['pay-sent']);
    t.journal.transition(
      attempt.attemptId,
      { state: 'paid', status: 'paid', orderId: 'order-1' },
      event('settled'),
    );
    expect(ledgerRows(t.path)).toEqual([
      {
        entry_id: 1,
        kind: 'sale',
        source: 'card',
        record_id: attempt.attemptId,
        order_id: 'order-1',
        amount_minor: 5_000,
        currency: 'SAR',
        operator_id: 'cashier-1',
        approver_id: null,
        record_created_at: attempt.createdAt,
      },
    ]);
  });

  it('records each refund by its rise, with who asked and who approved', () => {
    const attempt = newAttempt({ amountMinor: 10_000 });
    t.journal.createAttempt(attempt, event('created'));
    walk(attempt.attemptId, ['session', 'initiated', 'pay-sent', 'paid']);
    t.journal.transition(attempt.attemptId, { state: 'refund-sent' }, event('refund-sent'));
    t.journal.transition(
      attempt.attemptId,
      { state: 'partially-refunded', refundedMinor: 2_500 },
      event('refund', 'cashier-1/super-1'),
    );
    // Found made elsewhere while settling: nobody here caused it.
    t.journal.transition(
      attempt.attemptId,
      { state: 'refunded', refundedMinor: 10_000 },
      event('refund-found'),
    );
    const refunds = ledgerRows(t.path).filter((row) => row.kind === 'refund');
    expect(refunds.map((row) => [row.amount_minor, row.operator_id, row.approver_id])).toEqual([
      [2_500, 'cashier-1', 'super-1'],
      [7_500, null, null],
    ]);
  });

  it('names each unpaid ending as declined or abandoned, once', () => {
    const endings: [AttemptState, string][] = [
      ['declined', 'declined'],
      ['authentication-failed', 'declined'],
      ['rejected', 'declined'],
      ['cancelled', 'abandoned'],
      ['expired', 'abandoned'],
      ['error', 'abandoned'],
    ];
    for (const [state] of endings) {
      const attempt = newAttempt();
      t.journal.createAttempt(attempt, event('created'));
      walk(attempt.attemptId, ['session', state]);
    }
    expect(ledgerRows(t.path).map((row) => row.kind)).toEqual(endings.map(([, kind]) => kind));
  });

  it('writes nothing when the transition is refused, and refuses edits to the file', () => {
    const attempt = newAttempt();
    t.journal.createAttempt(attempt, event('created'));
    walk(attempt.attemptId, ['session', 'declined']);
    expect(() => walk(attempt.attemptId, ['paid'])).toThrow(/No transition/);
    expect(ledgerRows(t.path)).toHaveLength(1);

    const db = new DatabaseSync(t.path);
    try {
      expect(() => db.exec('UPDATE ledger SET amount_minor = 1')).toThrow(/append-only/);
      expect(() => db.exec('DELETE FROM ledger')).toThrow(/append-only/);
    } finally {
      db.close();
    }
  });
});
