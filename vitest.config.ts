import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/unit/**/*.test.ts',
      'test/integration/**/*.test.ts',
      'test/electron/**/*.test.ts',
    ],
    environment: 'node',
    // Vitest's default is one worker less than the cores: one on CI's 2-core machine. Most
    // files wait on sockets, PostgreSQL and timers, so two workers take 345 s instead of 647.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
