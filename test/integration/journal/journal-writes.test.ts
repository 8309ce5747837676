import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AttemptResult } from '../../../shared/ipc';
import { JournalError } from '../../../main/core/journal';
import { unsetAttemptFields } from './seed-attempts';
import { newAttempt, tempJournal } from './temp-journal';

let t: ReturnType<typeof tempJournal>;
beforeEach(() => {
  t = tempJournal();
});
afterEach(() => t.remove());

const created = { step: 'created', outcome: 'ok' };

const order: NonNullable<AttemptResult['order']> = {
  orderId: '7d6f0a52-5c1e-4a35-9a3b-1f2e3d4c5b6a',
  status: 'Success',
  detailedStatus: 'Paid',
  authorizationCode: '123456',
  rrn: '123456789012',
  capturedMinor: 12_345,
  refundedMinor: 0,
  transactions: [],
};

describe('journal writes', () => {
  it('atomically: writes between two network calls commit together, or none of them', () => {
    const kept = newAttempt();
    t.journal.atomically(() => {
      t.journal.createAttempt(kept, created);
      t.journal.transition(kept.attemptId, { state: 'session', sessionId: 's-1' }, created);
    });
    expect(t.journal.get(kept.attemptId)?.state).toBe('session');

    const lost = newAttempt();
    expect(() =>
      t.journal.atomically(() => {
        t.journal.createAttempt(lost, created);
        // Refused by the transition table: the attempt created above goes with it.
        t.journal.transition(lost.attemptId, { state: 'paid' }, created);
      }),
    ).toThrow(JournalError);
    expect(t.journal.get(lost.attemptId)).toBeNull();
    expect(t.journal.detail(kept.attemptId)?.events).toHaveLength(2);
  });

  it('creates an attempt in progress, with its operator and its first audit event', () => {
    const attempt = { ...newAttempt(), operatorId: 'cashier-1' };
    t.journal.createAttempt(attempt, { ...created, operator: 'cashier-1' });
    expect(t.journal.get(attempt.attemptId)).toEqual({
      ...attempt,
      ...unsetAttemptFields,
      state: 'created',
      status: 'in-progress',
      updatedAt: t.clock.now(),
    });
    expect(t.journal.detail(attempt.attemptId)?.events).toEqual([
      { at: t.clock.now(), step: 'created', outcome: 'ok', detail: null, operator: 'cashier-1' },
    ]);
  });

  it('patches only the given fields and appends one event per transition', () => {
    const attempt = newAttempt();
    t.journal.createAttempt(attempt, created);
    t.clock.advance(1000);
    t.journal.transition(
      attempt.attemptId,
      { state: 'session', sessionId: 's-1' },
      {
        step: 'session',
        outcome: 'ok',
      },
    );
    t.journal.transition(
      attempt.attemptId,
      { state: 'initiated' },
      { step: 'initiate', outcome: 'ok' },
    );
    t.clock.advance(1000);
    t.journal.transition(
      attempt.attemptId,
      { state: 'pay-sent', status: 'in-doubt', orderId: order.orderId },
      {
        step: 'pay',
        outcome: 'sent',
      },
    );
    t.clock.advance(1000);
    t.journal.transition(
      attempt.attemptId,
      { state: 'paid', status: 'paid', order },
      {
        step: 'pay',
        outcome: 'paid',
        detail: 'auth 123456',
      },
    );
    const record = t.journal.get(attempt.attemptId);
    expect(record).toMatchObject({
      state: 'paid',
      status: 'paid',
      sessionId: 's-1',
      orderId: order.orderId,
      order,
      updatedAt: t.clock.now(),
    });
    const detail = t.journal.detail(attempt.attemptId);
    expect(detail?.events.map((event) => [event.step, event.outcome])).toEqual([
      ['created', 'ok'],
      ['session', 'ok'],
      ['initiate', 'ok'],
      ['pay', 'sent'],
      ['pay', 'paid'],
    ]);
    expect(detail?.events.map((event) => event.at)).toEqual(
      [0, 1, 1, 2, 3].map((s) => t.clock.now() - 3000 + s * 1000),
    );
    expect(detail?.row).toMatchObject({
      status: 'paid',
      masked: '512345******0008',
      orderId: order.orderId,
    });
    expect(detail?.result).toMatchObject({
      outcome: 'paid',
      order,
      card: { brand: 'mastercard', masked: '512345******0008', holderName: 'AHMED ALI' },
    });
  });

  it('stores a failure and clears it with null', () => {
    const attempt = newAttempt();
    t.journal.createAttempt(attempt, created);
    const failure = {
      code: 'declined',
      gatewayCode: '300.001',
      gatewayMessage: 'Do not honour',
      correlationId: 'c-1',
    };
    t.journal.transition(
      attempt.attemptId,
      { status: 'declined', failure },
      { step: 'pay', outcome: 'declined' },
    );
    expect(t.journal.result(attempt.attemptId)).toMatchObject({ outcome: 'declined', failure });
    t.journal.transition(
      attempt.attemptId,
      { failure: null },
      { step: 'note', outcome: 'cleared' },
    );
    expect(t.journal.get(attempt.attemptId)?.failure).toBeNull();
  });

  it('lists in-doubt attempts: Pay recorded as sent, or status in-doubt', () => {
    const sent = newAttempt();
    const doubtful = newAttempt();
    const settled = newAttempt();
    for (const attempt of [sent, doubtful, settled]) {
      t.journal.createAttempt(attempt, created);
      for (const state of ['session', 'initiated'] as const) {
        t.journal.transition(attempt.attemptId, { state }, { step: state, outcome: 'ok' });
      }
    }
    t.journal.transition(sent.attemptId, { state: 'pay-sent' }, { step: 'pay', outcome: 'sent' });
    t.journal.transition(
      doubtful.attemptId,
      { status: 'in-doubt' },
      { step: 'pay', outcome: 'timeout' },
    );
    t.journal.transition(
      settled.attemptId,
      { state: 'pay-sent', status: 'in-doubt' },
      { step: 'pay', outcome: 'sent' },
    );
    t.journal.transition(
      settled.attemptId,
      { state: 'paid', status: 'paid' },
      { step: 'pay', outcome: 'paid' },
    );
    expect(t.journal.inDoubt().map((record) => record.attemptId)).toEqual([
      sent.attemptId,
      doubtful.attemptId,
    ]);
  });

  it('shows an unsettled attempt as in-doubt, never as not paid', () => {
    const attempt = newAttempt();
    t.journal.createAttempt(attempt, created);
    expect(t.journal.result(attempt.attemptId)?.outcome).toBe('in-doubt');
  });

  it('refuses a state change its transition table does not allow, writing nothing', () => {
    const attempt = newAttempt();
    t.journal.createAttempt(attempt, created);
    const before = t.journal.detail(attempt.attemptId);
    // Pay can only be sent after authentication; a paid sale never goes back to "not paid".
    expect(() =>
      t.journal.transition(attempt.attemptId, { state: 'pay-sent' }, { step: 'pay', outcome: 'x' }),
    ).toThrow(expect.objectContaining({ code: 'invalid-transition' }));
    expect(t.journal.detail(attempt.attemptId)).toEqual(before);
    for (const state of ['session', 'initiated', 'pay-sent', 'paid'] as const) {
      t.journal.transition(attempt.attemptId, { state }, { step: state, outcome: 'ok' });
    }
    expect(() =>
      t.journal.transition(attempt.attemptId, { state: 'error' }, { step: 'x', outcome: 'x' }),
    ).toThrow(expect.objectContaining({ code: 'invalid-transition' }));
    expect(t.journal.get(attempt.attemptId)?.state).toBe('paid');
  });

  it('answers null for an unknown attempt and refuses to transition it', () => {
    expect(t.journal.get('nope')).toBeNull();
    expect(t.journal.result('nope')).toBeNull();
    expect(t.journal.detail('nope')).toBeNull();
    expect(() => t.journal.transition('nope', { state: 'session' }, created)).toThrow(
      expect.objectContaining({ code: 'unknown-attempt' }),
    );
  });

  it('rolls a transition back whole when its event cannot be written', () => {
    const attempt = newAttempt();
    t.journal.createAttempt(attempt, created);
    // A second connection adds a trigger that fails the event insert of one step only.
    const saboteur = new DatabaseSync(t.path);
    saboteur.exec(`CREATE TRIGGER fail_pay BEFORE INSERT ON events WHEN NEW.step = 'pay'
      BEGIN SELECT RAISE(ABORT, 'disk says no'); END`);
    saboteur.close();
    const before = t.journal.get(attempt.attemptId);
    t.clock.advance(5000);
    expect(() =>
      t.journal.transition(
        attempt.attemptId,
        { state: 'session', status: 'in-doubt' },
        { step: 'pay', outcome: 'sent' },
      ),
    ).toThrow(/disk says no/);
    expect(t.journal.get(attempt.attemptId)).toEqual(before);
    expect(t.journal.detail(attempt.attemptId)?.events).toHaveLength(1);
    // The connection is usable afterwards: the failed transaction did not stay open.
    t.journal.transition(
      attempt.attemptId,
      { state: 'session' },
      { step: 'session', outcome: 'ok' },
    );
    expect(t.journal.get(attempt.attemptId)?.state).toBe('session');
  });

  it('drops fields the order view does not have, such as a gateway paymentMethod', () => {
    const attempt = newAttempt();
    t.journal.createAttempt(attempt, created);
    const gatewayOrder = {
      ...order,
      paymentMethod: { cardNumber: '5123450000000008', cvv: '123' },
    };
    t.journal.transition(
      attempt.attemptId,
      { order: gatewayOrder },
      { step: 'pay', outcome: 'paid' },
    );
    expect(t.journal.get(attempt.attemptId)?.order).toEqual(order);
  });

  it('keeps the mask as long as the card: 15 digits for amex', () => {
    const attempt = newAttempt({ brand: 'amex', first6: '371449', last4: '8431' });
    t.journal.createAttempt(attempt, created);
    expect(t.journal.result(attempt.attemptId)?.card.masked).toBe('371449*****8431');
  });
});

describe('journal card-data guard', () => {
  it.each([
    { first6: '5123450000000008' },
    { last4: '5123450000000008' },
    { first6: '51234' },
    { last4: 'abcd' },
  ])('refuses %j as a programming error', (parts) => {
    const attempt = newAttempt(parts);
    expect(() => t.journal.createAttempt(attempt, created)).toThrow(JournalError);
    expect(t.journal.get(attempt.attemptId)).toBeNull();
  });

  it('refuses a merchant reference holding a card number', () => {
    const attempt = newAttempt({ merchantReferenceId: 'PAY-5123450000000008' });
    expect(() => t.journal.createAttempt(attempt, created)).toThrow(
      expect.objectContaining({ code: 'card-data-refused' }),
    );
  });

  it('masks card numbers in holder names, audit text and gateway messages', () => {
    const attempt = newAttempt({ holderName: 'AHMED 5123450000000008' });
    t.journal.createAttempt(attempt, {
      step: 'created',
      outcome: 'ok',
      detail: 'typed 5123 4500 0000 0008',
      operator: 'op 5123450000000008',
    });
    t.journal.transition(
      attempt.attemptId,
      {
        status: 'declined',
        failure: {
          code: 'declined',
          gatewayCode: null,
          gatewayMessage: 'Card 5123450000000008 refused',
          correlationId: null,
        },
      },
      created,
    );
    const detail = t.journal.detail(attempt.attemptId);
    expect(detail?.result.card.holderName).toBe('AHMED 512345******0008');
    expect(detail?.events[0]).toMatchObject({
      detail: 'typed 512345******0008',
      operator: 'op 512345******0008',
    });
    expect(detail?.result.failure?.gatewayMessage).toBe('Card 512345******0008 refused');
  });

  it('cuts free text to the contract limits so detail always fits the IPC schema', () => {
    const attempt = newAttempt({ holderName: 'N'.repeat(300) });
    t.journal.createAttempt(attempt, {
      step: 's'.repeat(100),
      outcome: 'ok',
      detail: 'd'.repeat(900),
    });
    const detail = t.journal.detail(attempt.attemptId);
    expect(detail?.result.card.holderName).toHaveLength(128);
    expect(detail?.events[0]?.step).toHaveLength(64);
    expect(detail?.events[0]?.detail).toHaveLength(500);
  });
});

describe('journal file rules', () => {
  it('refuses to change or delete audit events, or delete attempts, from any connection', () => {
    const attempt = newAttempt();
    t.journal.createAttempt(attempt, created);
    const db = new DatabaseSync(t.path);
    expect(() => db.exec("UPDATE events SET outcome = 'forged'")).toThrow(/append-only/);
    expect(() => db.exec('DELETE FROM events')).toThrow(/append-only/);
    expect(() => db.exec('DELETE FROM attempts')).toThrow(/never deleted/);
    db.close();
    expect(t.journal.detail(attempt.attemptId)?.events).toHaveLength(1);
  });

  it('refuses an event for an attempt that does not exist (foreign keys are on)', () => {
    const db = new DatabaseSync(t.path, { enableForeignKeyConstraints: true });
    expect(() =>
      db.exec("INSERT INTO events (attempt_id, at, step, outcome) VALUES ('ghost', 0, 'x', 'y')"),
    ).toThrow(/FOREIGN KEY/);
    db.close();
  });
});
