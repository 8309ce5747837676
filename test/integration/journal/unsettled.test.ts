import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inDoubtSql, runningSql } from '../../../main/core/journal/sqlite-journal';
import type { NewAttempt } from '../../../main/core/journal';
import { journalPayInDoubt } from '../../support/pay-in-doubt';
import { journalPlans } from './journal-plans';
import { tempJournal } from './temp-journal';

let t: ReturnType<typeof tempJournal>;
beforeEach(() => {
  t = tempJournal();
});
afterEach(() => t.remove());

const attempt = (attemptId: string, createdAt: number, card = '444000'): NewAttempt => ({
  attemptId,
  merchantReferenceId: `R-${attemptId}`,
  amountMinor: 27_500,
  currency: 'SAR',
  brand: 'visa',
  first6: card,
  last4: '0014',
  holderName: 'Layla Hassan',
  createdAt,
});

describe("the journal's unsettled sales and holds (the same-card guard's set)", () => {
  it('lists running and in-doubt charges newest first with the mask; a refund in doubt is not one', () => {
    const { journal } = t;
    journalPayInDoubt(journal, attempt('in-doubt', 1_000));
    journal.createAttempt(attempt('running', 3_000, '512345'), { step: 'created', outcome: 'ok' });
    // Paid, then its refund left without an answer: the charge itself is known.
    journalPayInDoubt(journal, attempt('refunding', 2_000));
    journal.transition(
      'refunding',
      { state: 'paid', status: 'paid' },
      { step: 'paid', outcome: 'ok' },
    );
    journal.transition(
      'refunding',
      { state: 'refund-sent', status: 'in-doubt' },
      { step: 'refund-sent', outcome: 'sent' },
    );
    journal.createAttempt(attempt('ended', 4_000), { step: 'created', outcome: 'ok' });
    journal.transition(
      'ended',
      { state: 'error', status: 'error' },
      { step: 'error', outcome: 'x' },
    );

    const listed = journal.unsettled(10);
    expect(listed.map((a) => [a.attemptId, a.status, a.masked])).toEqual([
      ['running', 'in-progress', '512345******0014'],
      ['in-doubt', 'in-doubt', '444000******0014'],
    ]);
    expect(journal.unsettled(1).map((a) => a.attemptId)).toEqual(['running']);
  });
});

describe('its reads on a journal of years', () => {
  const explain = journalPlans();
  it('each reads an index, never the whole table', () => {
    expect(explain(runningSql)).toEqual([
      expect.stringMatching(/^SEARCH attempts USING INDEX attempts_by_status \(status=\?\)$/),
    ]);
    expect(explain(inDoubtSql)).toEqual([
      expect.stringMatching(/^SCAN attempts USING INDEX attempts_in_doubt$/),
    ]);
  });
});
