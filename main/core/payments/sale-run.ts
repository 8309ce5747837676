import type { AttemptResult } from '../../../shared/ipc';
import { isNotCharged } from '../../../shared/failures/not-charged';
import type { Journal } from '../journal/journal';
import type { Logger, SavedCardSink } from '../ports';
import type { AnyAttempt } from './attempt-context';
import { ended, endingDurability, writeEnding, type AttemptEnding } from './attempt-ending';
import { failureOf } from './failure-from-gateway';
import type { Reconciler } from './reconciler';
import { handTokenOver } from './token-handover';

export interface SaleRunDeps {
  journal: Journal;
  reconciler: Pick<Reconciler, 'claim' | 'release' | 'settleLater' | 'watchNotCharged'>;
  logger: Logger;
  now: () => number;
  savedCards: SavedCardSink | undefined;
}

/**
 * Runs one attempt (keyed or saved card) and writes its ending: the same for every way of
 * paying, so a token payment is journalled, settled, watched and listed like any other.
 * `flow` runs the steps; `reword` may name a refusal more precisely before it is written.
 */
export function createSaleRun(deps: SaleRunDeps) {
  const { journal, reconciler, logger, now } = deps;

  return async function runSale(
    ctx: AnyAttempt,
    run: { paySent: boolean },
    flow: () => Promise<AttemptEnding>,
    reword: (ending: AttemptEnding) => AttemptEnding = (ending) => ending,
  ): Promise<AttemptResult> {
    const { attemptId } = ctx;
    let ending: AttemptEnding;
    let written = false;
    // Claimed for the whole run, so a start-up reconcile never settles it underneath us.
    reconciler.claim(attemptId);
    try {
      ending = reword(await flow());
      // A gateway that dates no Authorization: the hold's age counts from our own clock.
      if (ending.status === 'authorized' && ending.heldAt == null) ending.heldAt = now();
    } catch (error) {
      // A bug, not a gateway outcome. After Pay left, only Get order may say what happened.
      logger.error('attempt failed unexpectedly', { attemptId, error });
      ending = run.paySent
        ? { status: 'in-doubt', state: 'pay-sent', failure: failureOf('pay-outcome-unknown') }
        : ended('error', 'engine-error');
    }
    try {
      // An attempt that ended before its session was recorded is written with its ending.
      journal.atomically(() => {
        ctx.record();
        writeEnding(journal, attemptId, ending);
      }, endingDurability(ending));
      written = true;
    } catch (error) {
      // Before Pay nothing was charged and the failure is a bug for the IPC layer to report.
      // After Pay, the journal still says `pay-sent`: the attempt stays in doubt and the
      // background settlement writes the ending Get order proves once the journal accepts it.
      if (!run.paySent) throw error;
      logger.error('ending not written; left in doubt', { attemptId, error });
    } finally {
      reconciler.release(attemptId);
    }
    // Only a sale that asked to save its card has a token to hand over: the others skip the
    // record read (a settlement from doubt later reads the journal's save request itself).
    if (written && ctx.save) {
      handTokenOver({ journal, sink: deps.savedCards, logger }, attemptId, ending);
    }
    if (!written || ending.status === 'in-doubt') reconciler.settleLater(attemptId);
    else if (run.paySent && isNotCharged(ending.status, ending.failure?.code)) {
      reconciler.watchNotCharged(attemptId);
    }
    const result = journal.result(attemptId);
    if (!result) throw new Error('journal lost the attempt it just wrote');
    // `done` only for a known outcome: an in-doubt attempt is still being checked.
    if (result.outcome !== 'in-doubt') ctx.progress('done');
    return result;
  };
}

export type SaleRun = ReturnType<typeof createSaleRun>;
