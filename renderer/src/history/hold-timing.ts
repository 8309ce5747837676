import type { HistoryRow } from '../../../shared/ipc';
import { intlLocale, type Language } from '../../../shared/format/intl-locale';

const minuteMs = 60 * 1000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

export interface HoldTiming {
  heldAt: number;
  expiresAt: number;
  /** Within a day of the issuer's expiry (or past it): History warns. */
  warn: boolean;
  /** Past the expiry: the gateway is asked whether the hold lapsed. */
  expired: boolean;
}

/**
 * Where a hold stands in time, by the merchant's setting for how long issuers keep one
 * (typically 7 days). Null for anything that is not a hold still held. The hold counts from
 * when the gateway authorized it (the sale's start if that time is unknown).
 */
export function holdTiming(row: HistoryRow, expiryDays: number, now: number): HoldTiming | null {
  if (row.status !== 'authorized') return null;
  const heldAt = row.heldAt ?? row.createdAt;
  const expiresAt = heldAt + expiryDays * dayMs;
  return { heldAt, expiresAt, warn: now >= expiresAt - dayMs, expired: now >= expiresAt };
}

/**
 * "3 days", "5 hours" or "12 minutes", with the language's own plural rules (Intl, not
 * hand-made). A hold just taken reads "1 minute", never "0 hours": a zero reads as if
 * nothing were held.
 */
export function formatHoldAge(ms: number, language: Language): string {
  const [value, unit] =
    ms >= dayMs
      ? [ms / dayMs, 'day']
      : ms >= hourMs
        ? [ms / hourMs, 'hour']
        : [Math.max(1, ms / minuteMs), 'minute'];
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'unit',
    unit,
    unitDisplay: 'long',
  }).format(Math.floor(value));
}
