import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { AttemptResult } from '../../../shared/ipc';
import { useCrashChildren } from './fixtures/crash-children';
import { usePaymentHarness, type PaymentHarness } from './fixtures/payment-harness';

const FRICTIONLESS = '5123456789012346';

let h: PaymentHarness;
usePaymentHarness((started) => (h = started));
const startCrashChild = useCrashChildren(() => h, FRICTIONLESS);
const startChild = () => startCrashChild({ mode: 'pay', merchantReferenceId: 'PD-CRASH-1' });

/** Polls the shared journal file (WAL allows a second reader) until `found` names an attempt. */
async function killWhen(process: ChildProcess, found: () => string | undefined): Promise<string> {
  const exited = new Promise<void>((resolve) => process.once('exit', () => resolve()));
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const attemptId = found();
    if (attemptId) {
      process.kill('SIGKILL');
      await exited;
      return attemptId;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the child never reached the awaited step');
}

/** Kills the child once Pay is recorded as sent and `also` holds. */
const killAfterPaySent = (process: ChildProcess, also: () => boolean = () => true) =>
  killWhen(process, () => {
    const sent = h.journal.inDoubt().find((record) => record.state === 'pay-sent');
    return sent && also() ? sent.attemptId : undefined;
  });

describe('a crash between "Pay sent" and the answer', () => {
  it('is settled once at restart: paid, one capture, one settled event', async () => {
    // Pay captures, its answer is lost, and Get order hangs: the child waits, and dies.
    h.sandbox.faults.losePayAnswer(1);
    h.sandbox.faults.failNext('order', 1, 'hang');
    const child = startChild();
    // Killed only once the sandbox has captured: the answer is what the crash loses.
    const attemptId = await killAfterPaySent(
      child,
      () => h.sandbox.inspect.orders()[0]?.captureCount === 1,
    );
    expect(child.signalCode).toBe('SIGKILL');
    expect(h.journal.get(attemptId)).toMatchObject({ state: 'pay-sent', status: 'in-doubt' });

    const restarted = await h.restart();
    const settled: AttemptResult[] = [];
    const first = new Promise((resolve) =>
      restarted.service.onSettled((result) => resolve(settled.push(result))),
    );
    // If the dead child had not yet asked Get order, the hang is this reconcile's: it times
    // out and the background round settles the attempt instead. Either way, once.
    await restarted.service.reconcile();
    await first;
    await restarted.service.reconcile();
    expect(settled.map((r) => [r.attemptId, r.outcome])).toEqual([[attemptId, 'paid']]);
    expect(restarted.journal.get(attemptId)).toMatchObject({ status: 'paid', state: 'paid' });
    const [order] = h.sandbox.inspect.orders();
    expect(order).toMatchObject({ captureCount: 1, payAttempts: 1, detailedStatus: 'Paid' });
  });

  it('a Pay that never reached the gateway: in doubt at restart, "not charged" only after the deadline and Cancel', async () => {
    h.sandbox.faults.failNext('pay', 1, 'hang');
    const child = startChild();
    const attemptId = await killAfterPaySent(child);

    const restarted = await h.restart();
    const settled: AttemptResult[] = [];
    restarted.service.onSettled((result) => settled.push(result));
    await restarted.service.reconcile();
    // No Pay on the order yet is not an answer before the session's 15 minutes plus grace.
    expect(settled).toEqual([]);
    expect(restarted.journal.get(attemptId)).toMatchObject({
      state: 'pay-sent',
      status: 'in-doubt',
    });

    // The app is closed for the while (its background rounds with it), then started again.
    await restarted.service.close();
    h.clock.advance(17 * 60_000 + 1_000);
    const later = await h.restart();
    const laterSettled: AttemptResult[] = [];
    later.service.onSettled((result) => laterSettled.push(result));
    await later.service.reconcile();
    expect(laterSettled.map((r) => [r.attemptId, r.outcome, r.failure?.code])).toEqual([
      [attemptId, 'error', 'pay-not-completed'],
    ]);
    expect(h.sandbox.inspect.orders()[0]).toMatchObject({
      captureCount: 0,
      payAttempts: 0,
      detailedStatus: 'Cancelled',
    });
    expect(later.journal.inDoubt()).toEqual([]);
  });

  it('a crash before Pay: the attempt ends at restart without a charge instead of staying open', async () => {
    h.sandbox.faults.failNext('initiate', 1, 'hang');
    const child = startChild();
    const attemptId = await killWhen(child, () => {
      const { rows } = h.journal.search({ statuses: ['in-progress'] }, null, 10);
      return rows.find((row) => h.journal.get(row.attemptId)?.state === 'session')?.attemptId;
    });
    expect(h.journal.get(attemptId)).toMatchObject({ status: 'in-progress', state: 'session' });

    const restarted = await h.restart();
    const settled: AttemptResult[] = [];
    restarted.service.onSettled((result) => settled.push(result));
    await restarted.service.reconcile();
    await restarted.service.reconcile();

    expect(settled.map((r) => [r.attemptId, r.outcome, r.failure?.code])).toEqual([
      [attemptId, 'error', 'pay-not-completed'],
    ]);
    expect(restarted.journal.get(attemptId)).toMatchObject({ status: 'error', state: 'error' });
    expect(h.sandbox.inspect.orders().every((order) => order.payAttempts === 0)).toBe(true);
  });
});
