import { afterEach, describe, expect, it } from 'vitest';
import { openOutbox, StoreMembershipError, type Outbox } from '../../../main/core/store/outbox';
import { journalSale } from '../store/store-counter';
import { tempJournal } from './temp-journal';

let opened: { remove(): void; outbox: Outbox }[] = [];
afterEach(() => {
  for (const { outbox, remove } of opened) {
    outbox.close();
    remove();
  }
  opened = [];
});

function journalWithOutbox() {
  const temp = tempJournal();
  const outbox = openOutbox(temp.path);
  opened.push({ outbox, remove: temp.remove });
  return { ...temp, outbox };
}

describe('the store outbox in the journal', () => {
  it('stays empty while store mode is off', () => {
    const { journal, outbox } = journalWithOutbox();
    journalSale(journal);
    expect(outbox.waiting()).toBe(0);
    expect(outbox.counterId()).toBeNull();
  });

  it('joining sends what was written before, in journal order, then every write as it commits', () => {
    const { journal, outbox, clock } = journalWithOutbox();
    const before = journalSale(journal);
    outbox.join('A', clock.now());
    outbox.join('A', clock.now()); // re-running is harmless
    expect(outbox.pending(0, 100).map((r) => [r.kind, r.recordId])).toEqual([
      ['attempt', before],
      ...[1, 2, 3, 4, 5].map(() => ['event', expect.stringMatching(/^\d+$/)]),
      ['ledger', '1'],
    ]);
    const after = journalSale(journal);
    const records = outbox.pending(0, 100);
    const attempts = records.filter((r) => r.kind === 'attempt' && r.recordId === after);
    // created + four transitions: one version per state change, ascending.
    expect(attempts.map((r) => JSON.parse(r.payload).state)).toEqual([
      'created',
      'session',
      'initiated',
      'pay-sent',
      'paid',
    ]);
    expect(records.map((r) => r.outboxId)).toEqual(
      [...records.map((r) => r.outboxId)].sort((a, b) => a - b),
    );
    expect(() => outbox.join('B', clock.now())).toThrow(StoreMembershipError);
  });

  it('a write that fails leaves no outbox record (same transaction)', () => {
    const { journal, outbox, clock } = journalWithOutbox();
    outbox.join('A', clock.now());
    const sale = journalSale(journal);
    const waiting = outbox.waiting();
    // paid -> session is not in the transition table: the journal refuses, nothing commits.
    expect(() =>
      journal.transition(sale, { state: 'session' }, { step: 'x', outcome: 'y' }),
    ).toThrow();
    expect(outbox.waiting()).toBe(waiting);
    outbox.acknowledge(outbox.pending(0, 3)[2]!.outboxId);
    expect(outbox.waiting()).toBe(waiting - 3);
  });

  it('an attempt payload carries the named columns only: the card as brand, first 6 and last 4', () => {
    const { journal, outbox, clock } = journalWithOutbox();
    outbox.join('A', clock.now());
    journalSale(journal);
    const payload = JSON.parse(outbox.pending(0, 1)[0]!.payload);
    expect(Object.keys(payload).sort()).toEqual(
      [
        'attempt_id',
        'created_at',
        'updated_at',
        'merchant_reference_id',
        'order_id',
        'amount_minor',
        'currency',
        'brand',
        'first6',
        'last4',
        'card_length',
        'holder_name',
        'state',
        'status',
        'refunded_minor',
        'failure_code',
        'gateway_code',
        'correlation_id',
        'operator_id',
        'order_json',
        'payment_operation',
        'held_at',
      ].sort(),
    );
    expect(payload).toMatchObject({ brand: 'visa', first6: '411111', last4: '1111' });
  });
});
