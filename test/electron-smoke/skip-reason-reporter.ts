import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints why a smoke test was skipped (the list reporter shows only that it was), so a run
 * without an Electron binary says so plainly instead of looking like a pass.
 */
export default class SkipReasonReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'skipped') return;
    const reasons = test.annotations.filter((a) => a.type === 'skip' && a.description);
    const why = reasons.map((a) => a.description).join('; ') || 'no reason given';
    process.stdout.write(`SKIPPED: ${test.title}\n  reason: ${why}\n`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
