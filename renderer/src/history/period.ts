/** The history's date filter: one select of common ranges, or a custom pair of days. */
export const periods = [
  'any',
  'today',
  'yesterday',
  'last7',
  'last30',
  'thisMonth',
  'lastMonth',
  'custom',
] as const;
export type Period = (typeof periods)[number];

/** `YYYY-MM-DD` of a local calendar day. */
const dayText = (date: Date): string =>
  [
    String(date.getFullYear()).padStart(4, '0'),
    String(date.getMonth() + 1).padStart(2, '0'),
    String(date.getDate()).padStart(2, '0'),
  ].join('-');

const day = (now: Date, offsetDays: number) =>
  new Date(now.getFullYear(), now.getMonth(), now.getDate() + offsetDays);

/**
 * The first and last local day (inclusive) a preset period covers on `now`'s calendar, or
 * null for "any time" and for "custom" (whose days the operator types).
 */
export function periodDays(period: Period, now: Date): { from: string; to: string } | null {
  switch (period) {
    case 'today':
      return { from: dayText(now), to: dayText(now) };
    case 'yesterday':
      return { from: dayText(day(now, -1)), to: dayText(day(now, -1)) };
    case 'last7':
      return { from: dayText(day(now, -6)), to: dayText(now) };
    case 'last30':
      return { from: dayText(day(now, -29)), to: dayText(now) };
    case 'thisMonth':
      return { from: dayText(new Date(now.getFullYear(), now.getMonth(), 1)), to: dayText(now) };
    case 'lastMonth':
      return {
        from: dayText(new Date(now.getFullYear(), now.getMonth() - 1, 1)),
        to: dayText(new Date(now.getFullYear(), now.getMonth(), 0)),
      };
    default:
      return null;
  }
}

/** Local midnight of a `YYYY-MM-DD` day, plus `days`; null for anything else. */
export function dayStart(text: string, days = 0): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = new Date(year, month - 1, date);
  // 2026-02-31 would roll over into March: a day that does not exist is not a filter.
  if (start.getMonth() !== month - 1 || start.getDate() !== date) return null;
  return new Date(year, month - 1, date + days).getTime();
}
