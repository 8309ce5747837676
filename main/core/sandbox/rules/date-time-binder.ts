/**
 * A query value read as ASP.NET Core's date-time model binder reads it, for order search's
 * `FromDate`/`ToDate` (documented as date-times, GATEWAY-MORE.md §1.2): a day (`yyyy-MM-dd`),
 * or an ISO 8601 date-time (`T` or a space between date and time, seconds and up to 7
 * fraction digits optional) with or without an offset (`Z`, `±HH:mm`). Without an offset the
 * time is taken as UTC, the sandbox's own zone. Compared by instant.
 */
export type BoundDateTime = { kind: 'day'; start: number } | { kind: 'instant'; at: number };

const pattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?(Z|[+-]\d{2}:\d{2})?)?$/i;

/** The value as a day or an instant; null when a binder would refuse it. */
export function bindDateTime(text: string): BoundDateTime | null {
  const match = pattern.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction, offset] = match;
  const start = Date.UTC(Number(year), Number(month) - 1, Number(day));
  if (new Date(start).toISOString().slice(0, 10) !== `${year}-${month}-${day}`) return null;
  if (hour === undefined) return { kind: 'day', start };
  const [h, m, s] = [Number(hour), Number(minute), Number(second ?? 0)];
  if (h > 23 || m > 59 || s > 59) return null;
  const ms = Math.floor(Number(`0.${fraction ?? '0'}`) * 1000);
  let offsetMs = 0;
  if (offset && offset.toUpperCase() !== 'Z') {
    const [oh, om] = offset.slice(1).split(':').map(Number) as [number, number];
    if (oh > 14 || om > 59) return null;
    offsetMs = (offset.startsWith('-') ? -1 : 1) * (oh * 60 + om) * 60_000;
  }
  return { kind: 'instant', at: start + ((h * 60 + m) * 60 + s) * 1000 + ms - offsetMs };
}
