import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/unit/**/*.test.ts',
      'test/integration/**/*.test.ts',
      'test/electron/**/*.test.ts',
    ],
    environment: 'node',
    // Vitest's default worker count (one less than the cores: one on CI's 2-core machine)
    // stays. Two workers took 345 s instead of 647, but in one of three fresh-clone runs three
    // tests that race timers against each other (a late Pay against Cancel, a crashed
    // Cancel finished at restart, a refund racing the store's sync) lost their race.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
