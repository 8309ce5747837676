import { defineConfig } from 'vitest/config';

/**
 * Files whose tests race real timers against each other (a late Pay against Cancel, a crashed
 * Cancel finished at restart, a refund racing the store's sync, a lost answer settled while
 * a second sale waits). Run beside the CPU-heavy rest on CI's two cores, one of three
 * fresh-clone runs lost such a race, so these run after it, by themselves. Two at a time: the
 * crash matrix, most of this group's time, mostly sleeps on its late answers, so the others
 * run beside it (13 runs of the group: 107 to 124 s, against 186 s one file at a time).
 */
const timerRaces = [
  'test/integration/payments/crash-matrix.test.ts',
  'test/integration/payments/faults.test.ts',
  'test/integration/payments/lost-answer-cancel.test.ts',
  'test/integration/sandbox/stress-faults.test.ts',
  'test/integration/app/same-card-in-doubt.test.ts',
  'test/integration/store/refund-from-app.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        // Everything else uses both cores.
        test: {
          name: 'parallel',
          include: [
            'test/unit/**/*.test.ts',
            'test/integration/**/*.test.ts',
            'test/electron/**/*.test.ts',
          ],
          exclude: timerRaces,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'timer-races',
          include: timerRaces,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
