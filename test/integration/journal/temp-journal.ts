import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openJournal, type Journal, type NewAttempt } from '../../../main/core/journal';

/** A manual clock: tests move time explicitly. */
export function manualClock(start = Date.UTC(2026, 0, 15, 9, 30)) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** A real journal file in a fresh temp directory; `remove` closes and deletes it. */
export function tempJournal() {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-journal-'));
  const path = join(dir, 'journal.sqlite');
  const clock = manualClock();
  const journal: Journal = openJournal({ path, clock });
  return {
    dir,
    path,
    clock,
    journal,
    remove: () => {
      journal.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** A valid new attempt (test card 5123450000000008, as first 6 + last 4 only). */
export function newAttempt(overrides: Partial<NewAttempt> = {}): NewAttempt {
  counter += 1;
  return {
    attemptId: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    merchantReferenceId: `INV-${counter}`,
    amountMinor: 12_345,
    currency: 'SAR',
    brand: 'mastercard',
    first6: '512345',
    last4: '0008',
    holderName: 'AHMED ALI',
    createdAt: Date.UTC(2026, 0, 15, 9, 30) + counter,
    ...overrides,
  };
}
