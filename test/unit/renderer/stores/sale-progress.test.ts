import { describe, expect, it } from 'vitest';
import type { AttemptResult, SaleStep } from '../../../../shared/ipc';
import { saleStepSchema } from '../../../../shared/ipc-attempts';
import {
  applyProgress,
  bankIsSlow,
  inDoubtSteps,
  initialProgress,
  settleShown,
  slowBankAfterMs,
  stepStatuses,
  withSettlement,
  type ProgressState,
} from '../../../../renderer/src/stores/sale-progress';

const event = (attemptId: string, step: SaleStep) => ({ attemptId, step, at: 0, elapsedMs: 0 });

/** Folds the steps in, one second apart on the window's clock (starting at 1 000 ms). */
const fold = (steps: SaleStep[], attemptId = 'a1'): ProgressState =>
  steps.reduce(
    (state, step, index) => applyProgress(state, event(attemptId, step), (index + 1) * 1_000),
    initialProgress,
  );

const result = (attemptId: string, outcome: AttemptResult['outcome']): AttemptResult => ({
  attemptId,
  outcome,
  amountMinor: 12500,
  currency: 'SAR',
  merchantReferenceId: 'PD-20261122-ABCDEF',
  card: { brand: 'visa', masked: '444000******0010', holderName: 'A Customer' },
  order: null,
  failure: null,
  createdAt: 0,
});

describe('applyProgress', () => {
  it('takes the attempt id from the first event and records steps in order', () => {
    expect(fold(['creating-session', 'checking-card'])).toEqual({
      attemptId: 'a1',
      seen: ['creating-session', 'checking-card'],
      chargingSince: null,
    });
  });

  it('ignores a late event of another attempt and repeated steps', () => {
    const state = fold(['creating-session', 'checking-card', 'checking-card']);
    expect(applyProgress(state, event('old', 'done'), 9_000)).toBe(state);
    expect(state.seen).toEqual(['creating-session', 'checking-card']);
  });
});

describe('stepStatuses', () => {
  it('shows nothing started before the first event', () => {
    expect(stepStatuses([]).map((s) => s.status)).toEqual([
      'pending',
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
  });

  it('marks the current step and what came before', () => {
    expect(stepStatuses(['creating-session', 'checking-card', 'customer-verification'])).toEqual([
      { step: 'creating-session', status: 'done' },
      { step: 'checking-card', status: 'done' },
      { step: 'customer-verification', status: 'current' },
      { step: 'charging', status: 'pending' },
      { step: 'done', status: 'pending' },
    ]);
  });

  it('shows customer verification as not needed for a frictionless card', () => {
    const statuses = stepStatuses(['creating-session', 'checking-card', 'charging']);
    expect(statuses.find((s) => s.step === 'customer-verification')?.status).toBe('skipped');
  });

  it('never shows Pay done: the "done" event only announces the result', () => {
    for (const seen of [
      ['creating-session', 'checking-card', 'charging'],
      ['creating-session', 'checking-card', 'charging', 'done'],
      ['creating-session', 'checking-card', 'charging', 'checking-with-bank', 'done'],
    ] as SaleStep[][]) {
      const charging = stepStatuses(seen).find((s) => s.step === 'charging');
      expect(charging?.status, seen.join(',')).not.toBe('done');
      expect(stepStatuses(seen).at(-1)?.status, seen.join(',')).toBe('pending');
    }
    const answered = stepStatuses(['creating-session', 'checking-card', 'charging', 'done']);
    expect(answered.find((s) => s.step === 'charging')?.status).toBe('current');
  });

  it('adds "checking with the bank" only when the Pay answer was lost', () => {
    const lost = stepStatuses([
      'creating-session',
      'checking-card',
      'charging',
      'checking-with-bank',
    ]);
    expect(lost.map((s) => s.step)).toEqual(saleStepSchema.options);
    expect(lost[3]).toEqual({ step: 'charging', status: 'unanswered' });
    expect(lost[4]).toEqual({ step: 'checking-with-bank', status: 'current' });
    expect(stepStatuses(['charging']).some((s) => s.step === 'checking-with-bank')).toBe(false);
  });
});

describe('in-doubt steps', () => {
  it('ends with Pay sent and the check with the bank, whatever events arrived', () => {
    expect(inDoubtSteps(['creating-session', 'checking-card', 'charging', 'done'])).toEqual([
      'creating-session',
      'checking-card',
      'charging',
      'checking-with-bank',
    ]);
    const steps = inDoubtSteps(saleStepSchema.options);
    expect(stepStatuses(steps).map((s) => s.status)).toEqual([
      'done',
      'done',
      'done',
      'unanswered',
      'current',
      'pending',
    ]);
  });
});

describe('slow bank', () => {
  it('counts from the moment Pay left, on the window clock', () => {
    const beforePay = fold(['creating-session', 'checking-card']);
    expect(bankIsSlow(beforePay, 60_000)).toBe(false);
    const paying = fold(['creating-session', 'checking-card', 'charging']);
    expect(paying.chargingSince).toBe(3_000);
    expect(bankIsSlow(paying, 3_000 + slowBankAfterMs - 1)).toBe(false);
    expect(bankIsSlow(paying, 3_000 + slowBankAfterMs)).toBe(true);
    // A repeated charging event does not restart the count.
    expect(applyProgress(paying, event('a1', 'charging'), 8_000).chargingSince).toBe(3_000);
  });
});

describe('settlement', () => {
  it('replaces an in-doubt result with its settlement, once', () => {
    const doubt = result('a1', 'in-doubt');
    const paid = result('a1', 'paid');
    expect(settleShown(doubt, paid)).toBe(paid);
    expect(settleShown(paid, result('a1', 'declined'))).toBe(paid);
  });

  it('never applies another attempt’s settlement', () => {
    const doubt = result('a1', 'in-doubt');
    expect(settleShown(doubt, result('a2', 'paid'))).toBe(doubt);
  });

  it('uses a settlement that arrived before the Pay answer', () => {
    const paid = result('a1', 'paid');
    expect(withSettlement(result('a1', 'in-doubt'), new Map([['a1', paid]]))).toBe(paid);
    const declined = result('a1', 'declined');
    expect(withSettlement(declined, new Map([['a1', paid]]))).toBe(declined);
  });
});
