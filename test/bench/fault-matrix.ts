import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openJournal } from '../../main/core/journal';
import { createPaymentService } from '../../main/core/payments';
import { startSandbox, type Sandbox } from '../../main/core/sandbox';
import {
  createControllableClock,
  type ControllableClock,
} from '../../main/preview/controllable-clock';
import {
  cancelThenKill,
  crashChildBase,
  killMidReconcile,
  payThenKill,
  sendThenKill,
  sleep,
  startCrashChild,
  until,
  type StartChild,
} from '../integration/payments/fixtures/crash-process';
import { createHttpChallengeRunner } from '../integration/payments/fixtures/http-challenge-runner';
import { seededRandom } from '../integration/payments/fixtures/seeded-random';
import { paymentTestSettings, sandboxDeps } from '../support/sandbox-deps';
import { percentile } from './journal-bench';

/**
 * `fault_matrix`: randomised kill -9 and delay cases against the real sandbox and
 * real journal files. Each case kills an engine process (crash-child.ts) at a journal state
 * with money in doubt, restarts the engine at once or later, lets the gateway be late, lag
 * or lose answers, then moves the fake clock past the session's expiry plus grace and
 * restarts once more. Some cases kill between a lost Pay's Cancel and its answer; others
 * kill nothing and lose the Pay's answer in a running engine. Counted per case:
 * - captured_twice: the customer's payment captured more than once;
 * - misrecorded: the journal's final answer differs from the gateway's order;
 * - in_doubt_left: still in doubt after the deadline.
 * And `in_doubt_settle_ms_p50`/`_p95`: for answers a running engine lost while its Pay never
 * reached the order, the time from the lost answer to the final result.
 */

const FRICTIONLESS = '5123456789012346';
const PAST_DEADLINE_MS = 17 * 60_000 + 1_000;

type PayFault =
  'none' | 'late' | 'lose-answer' | 'after-commit' | 'before-503' | 'before-502' | 'reset' | 'hang';
/** Pay faults taken before the Pay runs: it never reaches the order. */
const neverReaches: ReadonlySet<PayFault> = new Set(['before-503', 'before-502', 'reset', 'hang']);
interface Scenario {
  /** `none`: no kill, the running engine loses the answer itself. */
  killAt: 'pay-sent' | 'reconcile' | 'refund-sent' | 'cancel-sent' | 'none';
  restart: 'at once' | 'later';
  lateMs: number;
  lagMs: number;
  payFault: PayFault;
  /** The refund or Cancel of a refund-sent or cancel-sent case reaches the gateway or never does. */
  sentLands: boolean;
  /** How long after `pay-sent` the kill comes (Pay may be on the wire). */
  killDelayMs: number;
}

const payFaults: PayFault[] = [
  'none',
  'late',
  'late',
  'lose-answer',
  'after-commit',
  'before-503',
  'before-502',
  'reset',
  'hang',
];

function scenarioFrom(random: () => number): Scenario {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  return {
    killAt: pick([
      'pay-sent',
      'pay-sent',
      'reconcile',
      'refund-sent',
      'cancel-sent',
      'none',
      'none',
    ] as const),
    restart: pick(['at once', 'later'] as const),
    lateMs: Math.round(random() * 5_000),
    lagMs: random() < 0.3 ? Math.round(random() * 1_000) : 0,
    payFault: pick(payFaults),
    sentLands: random() < 0.5,
    killDelayMs: Math.round(random() * 300),
  };
}

interface Outcome {
  capturedTwice: boolean;
  misrecorded: boolean;
  inDoubtLeft: boolean;
  /** Lost answer to final result, for a Pay lost in a running engine before the order. */
  settleMs: number | null;
}

const sale = (cvv: string, merchantReferenceId: string) => ({
  amount: '42.00',
  currency: 'SAR' as const,
  merchantReferenceId,
  customerPhone: null,
  card: { number: FRICTIONLESS, expiry: '01/39', cvv, holderName: 'Bench' },
});

function setPayFault(faults: Sandbox['faults'], scenario: Scenario): void {
  const { payFault, lateMs } = scenario;
  if (payFault === 'late') faults.payLandsLate(1, lateMs);
  if (payFault === 'lose-answer') faults.losePayAnswer(1);
  if (payFault === 'after-commit') faults.failAfterCommit('pay', 1, 504);
  if (payFault === 'before-503') faults.failNext('pay', 1, 503);
  if (payFault === 'before-502') faults.failNext('pay', 1, 502);
  if (payFault === 'reset') faults.failNext('pay', 1, 'reset');
  if (payFault === 'hang') faults.failNext('pay', 1, 'hang');
}

/**
 * A sale whose answer the running engine loses: the attempt, and how long from the lost
 * answer (the engine turns to checking with the bank) to the final result, or null if the
 * answer was not lost or the result not final within `ms`.
 */
async function payInProcess(
  engine: ReturnType<typeof engineFor>,
  cvv: string,
  ms: number,
): Promise<{ attemptId: string; settleMs: number | null }> {
  let lostAt: number | null = null;
  let finalAt: number | null = null;
  let attemptId: string | null = null;
  const stop = engine.service.onSettled((result) => {
    if (result.attemptId === attemptId && result.outcome !== 'in-doubt')
      finalAt ??= performance.now();
  });
  try {
    const paid = await engine.service.pay(sale(cvv, 'BENCH-LOST'), (progress) => {
      if (progress.step === 'checking-with-bank') lostAt ??= performance.now();
    });
    if (!paid.ok) throw new Error(`the lost-answer case could not pay: ${paid.error.code}`);
    attemptId = paid.value.attemptId;
    if (paid.value.outcome !== 'in-doubt') finalAt = performance.now();
    await until(() => finalAt !== null, ms);
    return {
      attemptId,
      settleMs: lostAt !== null && finalAt !== null ? (finalAt as number) - lostAt : null,
    };
  } finally {
    stop();
  }
}

/** One engine over the case's journal file, as after a restart of the app. */
function engineFor(sandbox: Sandbox, clock: ControllableClock, journalPath: string) {
  const journal = openJournal({ path: journalPath, clock });
  const service = createPaymentService({
    ...sandboxDeps(sandbox, clock),
    challenge: createHttpChallengeRunner(clock),
    journal,
    settings: paymentTestSettings,
    timeouts: { connectMs: 1_000, headersMs: 1_000, bodyMs: 1_500, payHeadersMs: 1_000 },
    tuning: {
      inDoubtRetryDelaysMs: [0, 50],
      backgroundRetryDelaysMs: [100],
      backgroundMaxRounds: 200,
      connectRetryDelaysMs: [100, 300],
    },
  });
  return { journal, service };
}

/** Start-up reconcile, then up to `ms` for the background rounds to settle the attempt. */
async function settleWith(engine: ReturnType<typeof engineFor>, attemptId: string, ms: number) {
  await engine.service.reconcile();
  await until(() => engine.journal.get(attemptId)?.status !== 'in-doubt', ms);
}

async function runScenario(scenario: Scenario, dir: string): Promise<Outcome> {
  const clock = createControllableClock();
  const sandbox = await startSandbox({ clock });
  const journalPath = join(dir, `${randomUUID()}.sqlite`);
  const base = crashChildBase(sandbox, journalPath, FRICTIONLESS);
  const watcher = openJournal({ path: journalPath, clock });
  const faults = sandbox.faults;
  let engine: ReturnType<typeof engineFor> | null = null;
  const restart = async () => {
    if (engine) {
      await engine.service.close();
      engine.journal.close();
    }
    engine = engineFor(sandbox, clock, journalPath);
  };
  const child: StartChild = (mode) => startCrashChild(base, mode);
  try {
    let attemptId: string | undefined;
    let killedAt = Date.now();
    let settleMs: number | null = null;
    if (scenario.killAt === 'refund-sent') {
      await restart();
      const paid = await engine!.service.pay(sale(base.cvv, 'BENCH-REFUND'), () => undefined);
      if (!paid.ok || paid.value.outcome !== 'paid')
        throw new Error('the refund case could not pay');
      attemptId = paid.value.attemptId;
      const id = attemptId;
      await sendThenKill(child, faults, {
        mode: 'refund',
        attemptId: id,
        lands: scenario.sentLands,
        lateMs: scenario.lateMs,
        // Refund sent (an immediate settlement may already have ended it).
        sent: () => watcher.get(id)?.state !== 'paid',
        ms: 60_000,
      });
    } else if (scenario.killAt === 'cancel-sent') {
      attemptId = await cancelThenKill(child, watcher, faults, {
        reference: 'BENCH-CANCEL',
        lands: scenario.sentLands,
        ms: 60_000,
      });
      killedAt = Date.now();
    } else if (scenario.killAt === 'none') {
      await restart();
      setPayFault(faults, scenario);
      const lost = await payInProcess(engine!, base.cvv, 20_000);
      attemptId = lost.attemptId;
      killedAt = Date.now();
      if (neverReaches.has(scenario.payFault)) settleMs = lost.settleMs;
    } else {
      setPayFault(faults, scenario);
      attemptId = await payThenKill(child, watcher, 'BENCH-PAY', {
        ms: 60_000,
        killDelayMs: scenario.killDelayMs,
      });
      killedAt = Date.now();
      if (scenario.killAt === 'reconcile') await killMidReconcile(child, faults, 100);
    }
    if (!attemptId) throw new Error('no attempt reached the kill point');
    const id = attemptId;
    if (scenario.lagMs > 0) faults.orderReadLag(scenario.lagMs);
    if (scenario.restart === 'later') await sleep(scenario.lateMs);
    await restart();
    // A late Pay lands within its delay; other cases need only a round or two.
    const landsWithin = scenario.payFault === 'late' ? scenario.lateMs : 0;
    await settleWith(engine!, id, landsWithin + 1_500);
    // Past expiry plus grace: what is still open must be settled by the rules, never guessed.
    // In real time a late Pay has long landed by then (5 s against 17 minutes): the fake
    // clock jumps only once its delay is over, or the jump itself would stop it landing.
    await sleep(killedAt + landsWithin + 200 - Date.now());
    clock.advance(PAST_DEADLINE_MS);
    await restart();
    await settleWith(engine!, id, 5_000);

    const record = engine!.journal.get(id);
    const orders = sandbox.inspect.orders();
    const order = sandbox.inspect.order(record?.orderId ?? '');
    const capturedTwice = orders.reduce((sum, o) => sum + o.captureCount, 0) > 1;
    let misrecorded: boolean;
    // An attempt still in doubt is counted as such, not as a wrong answer.
    if (!record || record.status === 'in-doubt') misrecorded = false;
    else if (!order) misrecorded = true;
    else if (scenario.killAt === 'refund-sent') {
      misrecorded = record.refundedMinor !== Math.round(order.refundedAmount * 100);
    } else {
      misrecorded = order.captureCount > 0 !== (record.status === 'paid');
    }
    return { capturedTwice, misrecorded, inDoubtLeft: record?.status === 'in-doubt', settleMs };
  } finally {
    if (engine) {
      await (engine as ReturnType<typeof engineFor>).service.close();
      (engine as ReturnType<typeof engineFor>).journal.close();
    }
    watcher.close();
    await sandbox.close();
  }
}

export interface FaultMatrixFigures {
  fault_matrix: {
    seed: number;
    scenarios: number;
    captured_twice: number;
    misrecorded: number;
    in_doubt_left: number;
    /** How many lost answers (Pay never at the order) the settle times are over. */
    in_doubt_settle_cases: number;
    in_doubt_settle_ms_p50: number;
    in_doubt_settle_ms_p95: number;
  };
}

/** Runs `count` seeded cases, `parallel` at a time (each has its own sandbox and journal). */
export async function runFaultMatrix(
  seed = Number(process.env.PAYDESK_FAULT_SEED ?? Date.now() % 2_147_483_647),
  count = Number(process.env.PAYDESK_FAULT_CASES ?? 100),
  parallel = 5,
): Promise<FaultMatrixFigures> {
  console.log(`fault_matrix seed ${seed} (PAYDESK_FAULT_SEED=${seed} repeats it), ${count} cases`);
  const random = seededRandom(seed);
  const scenarios = Array.from({ length: count }, () => scenarioFrom(random));
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-fault-matrix-'));
  const totals = { captured_twice: 0, misrecorded: 0, in_doubt_left: 0, not_run: 0 };
  const settleTimes: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < scenarios.length) {
      const index = next;
      next += 1;
      const scenario = scenarios[index] as Scenario;
      let outcome: Outcome;
      try {
        outcome = await runScenario(scenario, dir);
      } catch (error) {
        // A case that could not be set up is reported, not silently dropped or counted good.
        totals.not_run += 1;
        console.log(`case ${index} not run: ${error instanceof Error ? error.message : error}`);
        continue;
      }
      if (outcome.settleMs !== null) settleTimes.push(outcome.settleMs);
      if (outcome.capturedTwice) totals.captured_twice += 1;
      if (outcome.misrecorded) totals.misrecorded += 1;
      if (outcome.inDoubtLeft) totals.in_doubt_left += 1;
      if (outcome.capturedTwice || outcome.misrecorded || outcome.inDoubtLeft) {
        console.log(`case ${index} failed: ${JSON.stringify({ scenario, outcome })}`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: parallel }, worker));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const { not_run: notRun, ...counted } = totals;
  if (notRun > 0) console.log(`fault_matrix: ${notRun} cases could not be set up`);
  const settle = (p: number) =>
    settleTimes.length === 0 ? Number.NaN : Math.round(percentile(settleTimes, p));
  return {
    fault_matrix: {
      seed,
      scenarios: count - notRun,
      ...counted,
      in_doubt_settle_cases: settleTimes.length,
      in_doubt_settle_ms_p50: settle(50),
      in_doubt_settle_ms_p95: settle(95),
    },
  };
}
