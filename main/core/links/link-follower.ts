import type { Clock, Logger } from '../ports';
import { createSleeper } from '../payments/sleeper';

/** How often a link is asked about: every second for 10 minutes, then every 30 s. */
export interface FollowTuning {
  fastPollMs: number;
  fastWindowMs: number;
  slowPollMs: number;
}

export const defaultFollowTuning: FollowTuning = {
  fastPollMs: 1_000,
  fastWindowMs: 10 * 60_000,
  slowPollMs: 30_000,
};

export interface LinkFollower {
  /**
   * Follows the link until `poll` says it ended: at once, then by the cadence counted from
   * `since` (when it was last sent). Following a link already followed only moves `since`.
   */
  follow(linkId: string, since: number): void;
  /** One look now, shared with a look already running for the same link. */
  pollNow(linkId: string): Promise<boolean>;
  close(): void;
}

/**
 * One loop per open link. Looks at one link never overlap (a manual look joins the running
 * one), and the journal settles a link once whatever overlaps: this only saves calls.
 */
export function createLinkFollower(deps: {
  /** One look at the link; true once it has ended (nothing more to follow). */
  poll: (linkId: string) => Promise<boolean>;
  clock: Clock;
  logger: Logger;
  tuning?: Partial<FollowTuning>;
}): LinkFollower {
  const tuning = { ...defaultFollowTuning, ...deps.tuning };
  const sleeper = createSleeper();
  const since = new Map<string, number>();
  const running = new Map<string, Promise<boolean>>();

  const pollNow = (linkId: string): Promise<boolean> => {
    const current = running.get(linkId);
    if (current) return current;
    const look = deps
      .poll(linkId)
      .catch((error: unknown) => {
        deps.logger.error('link poll failed', { linkId, error: String(error) });
        return false;
      })
      .finally(() => running.delete(linkId));
    running.set(linkId, look);
    return look;
  };

  const loop = async (linkId: string) => {
    while (!sleeper.closed && since.has(linkId)) {
      // The cadence is the one when the look began: a look that ran long (a slow gateway, a
      // clock moved meanwhile) is followed by the pause it started in, never a longer one.
      const age = deps.clock.now() - (since.get(linkId) ?? 0);
      if (await pollNow(linkId)) break;
      await sleeper.sleep(age < tuning.fastWindowMs ? tuning.fastPollMs : tuning.slowPollMs);
    }
    since.delete(linkId);
  };

  return {
    follow(linkId, from) {
      const following = since.has(linkId);
      since.set(linkId, from);
      if (!following) void loop(linkId);
    },
    pollNow,
    close: () => sleeper.close(),
  };
}
