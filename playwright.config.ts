import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './main/preview/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  timeout: 60_000,
  workers: 1,
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
