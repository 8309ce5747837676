import { describe, expect, it } from 'vitest';
import type { HistoryRow } from '../../../../shared/ipc';
import { formatHoldAge, holdTiming } from '../../../../renderer/src/history/hold-timing';
import { historyRow } from './history-row';

const hour = 60 * 60 * 1000;
const day = 24 * hour;
const heldAt = Date.UTC(2026, 10, 23, 9, 0, 0);
const row = (patch: Partial<HistoryRow> = {}): HistoryRow =>
  historyRow({ status: 'authorized', createdAt: heldAt - 60_000, heldAt, ...patch });

describe('hold timing', () => {
  it('warns from a day before the expiry, and says when it has passed', () => {
    expect(holdTiming(row(), 7, heldAt + 5 * day)).toMatchObject({
      expiresAt: heldAt + 7 * day,
      warn: false,
      expired: false,
    });
    expect(holdTiming(row(), 7, heldAt + 6 * day)).toMatchObject({ warn: true, expired: false });
    expect(holdTiming(row(), 7, heldAt + 7 * day)).toMatchObject({ warn: true, expired: true });
    expect(holdTiming(row(), 3, heldAt + 2.5 * day)).toMatchObject({ warn: true });
  });

  it('only for holds still held; the sale start stands in for an unknown hold time', () => {
    expect(holdTiming(row({ status: 'paid' }), 7, heldAt)).toBeNull();
    expect(holdTiming(row({ status: 'released' }), 7, heldAt)).toBeNull();
    expect(holdTiming(row({ heldAt: null }), 7, heldAt)?.heldAt).toBe(heldAt - 60_000);
  });

  it('ages in hours, then days, with each language’s plural rules', () => {
    expect(formatHoldAge(5 * hour + 59 * 60_000, 'en')).toBe('5 hours');
    expect(formatHoldAge(1 * day, 'en')).toBe('1 day');
    expect(formatHoldAge(6.5 * day, 'en')).toBe('6 days');
    expect(formatHoldAge(3 * day, 'ar')).toMatch(/أيام/);
  });

  it('a hold under an hour old ages in minutes, never "0 hours"', () => {
    expect(formatHoldAge(0, 'en')).toBe('1 minute');
    expect(formatHoldAge(20_000, 'en')).toBe('1 minute');
    expect(formatHoldAge(42 * 60_000 + 30_000, 'en')).toBe('42 minutes');
    expect(formatHoldAge(59 * 60_000, 'ar')).toMatch(/دقيقة/);
    expect(formatHoldAge(hour, 'en')).toBe('1 hour');
  });
});
