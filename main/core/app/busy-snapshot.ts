import { ipcContract, type IpcMethod } from '../../../shared/ipc';
import type { UpdateBusy } from '../../../shared/ipc-updates';
import type { PaymentModes } from '../ipc/payment-modes';
import type { IpcRouter } from '../ipc/router';
import type { ChallengeRunner } from '../ports';

/** Channels whose call, while it runs, keeps the counter from restarting, and why. */
const busyWhileRunning: Partial<Record<IpcMethod, UpdateBusy>> = {
  salePay: 'payment',
  salePaySaved: 'payment',
  saleChargeSaved: 'payment',
  orderRefund: 'payment',
  holdCapture: 'payment',
  holdRelease: 'payment',
  storeRefund: 'payment',
  storeCapture: 'payment',
  storeRelease: 'payment',
  shiftClose: 'z-close',
  linkCreate: 'link',
  linkResend: 'link',
  linkCancel: 'link',
};

const reasonByChannel = new Map<string, UpdateBusy>(
  Object.entries(busyWhileRunning).map(([method, reason]) => [
    ipcContract[method as IpcMethod].channel,
    reason,
  ]),
);

const order: readonly UpdateBusy[] = ['payment', 'in-doubt', 'challenge', 'z-close', 'link'];

/**
 * What the counter is busy with at this moment, for the update policy (updates/): calls
 * that move money, close the day or send a link while they run; the customer's verification
 * window while it is open; and from the journals, every payment, refund, capture or release
 * running or sent without a known answer, in either mode. A payment link waiting for its
 * customer does not count: it can wait days, and a start follows it again at once.
 */
export function createBusySnapshot(modes: PaymentModes) {
  const running = new Map<UpdateBusy, number>();
  const during = async <T>(reason: UpdateBusy, work: () => Promise<T>): Promise<T> => {
    running.set(reason, (running.get(reason) ?? 0) + 1);
    try {
      return await work();
    } finally {
      running.set(reason, (running.get(reason) ?? 1) - 1);
    }
  };

  const fromJournals = (): UpdateBusy[] =>
    modes.all().flatMap(({ journal, linkJournal }) => {
      const found: UpdateBusy[] = [];
      const unsettled = (status: 'in-progress' | 'in-doubt') =>
        journal.search({ statuses: [status] }, null, 1).rows.length > 0;
      if (unsettled('in-progress')) found.push('payment');
      if (unsettled('in-doubt')) found.push('in-doubt');
      if (linkJournal.list(['held'], 200).some((link) => link.holdPhase !== null))
        found.push('in-doubt');
      return found;
    });

  return {
    /** The router, with each busy-making call counted while it runs. */
    watchRouter(router: IpcRouter): IpcRouter {
      return {
        channels: router.channels,
        dispatch(channel, payload, sender) {
          const reason = typeof channel === 'string' ? reasonByChannel.get(channel) : undefined;
          const call = () => router.dispatch(channel, payload, sender);
          return reason ? during(reason, call) : call();
        },
      };
    },
    /** The runner, with its customer verification windows counted while they are open. */
    watchChallenges(runner: ChallengeRunner): ChallengeRunner {
      return {
        userAgent: () => runner.userAgent(),
        runMethod: (html, options) => runner.runMethod(html, options),
        runChallenge: (html, options) =>
          during('challenge', () => runner.runChallenge(html, options)),
        endAttempt: (signal) => runner.endAttempt(signal),
      };
    },
    busy(): UpdateBusy[] {
      const found = new Set(fromJournals());
      for (const [reason, count] of running) if (count > 0) found.add(reason);
      return order.filter((reason) => found.has(reason));
    },
  };
}
