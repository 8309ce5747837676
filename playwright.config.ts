import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './main/preview/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  timeout: 60_000,
  // Two at a time: most of a screen test is waiting (the simulated gateway's latency, the
  // app's timers), so on CI's 2-core machine two workers take 7.7 minutes instead of 10.4.
  workers: 2,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    viewport: { width: 1280, height: 800 },
    // No click or fill may wait silently until the test's own timeout: a stuck step fails
    // by name.
    actionTimeout: 15_000,
  },
});
