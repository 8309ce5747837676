import { defineConfig } from '@playwright/test';

// The Electron smoke test (test/electron-smoke): the real app through Playwright's _electron
// driver. Runs where an Electron binary exists (developers' machines, the Windows and macOS
// workflow jobs) and reports itself skipped, with the reason, everywhere else.
export default defineConfig({
  testDir: 'test/electron-smoke',
  timeout: 120_000,
  workers: 1,
  reporter: [['list'], ['./test/electron-smoke/skip-reason-reporter.ts']],
});
