import { err, ok, type Result } from '../result';

export type ExpiryError = 'expiry-required' | 'expiry-format' | 'expiry-month' | 'expiry-past';

export interface CardExpiry {
  /** 1–12. */
  readonly month: number;
  /** The 4-digit year (2000 + yy). */
  readonly year: number;
  /** Two-digit texts, as the gateway's expiryDate wants them. */
  readonly mm: string;
  readonly yy: string;
}

// 'MMYY' typed without a separator, or 'M/YY' / 'MM/YY' with optional spaces around the '/'.
// A 3-digit run such as '739' is refused: it could mean 07/39 or a mistyped 07/3x.
const compact = /^(\d{2})(\d{2})$/;
const separated = /^(\d{1,2})\s*\/\s*(\d{2})$/;

/**
 * Parses the card's printed expiry. A card is valid through the last day of its month.
 * The comparison uses `now`'s local calendar month: the printed date is read by the operator
 * and customer in their own calendar, and renderer, main and the Training sandbox share one
 * machine clock and zone, so all three agree. Near a month boundary the issuer (not us) has
 * the last word; a UTC comparison would refuse a still-valid card for a few hours every month
 * in zones east of UTC.
 */
export const parseExpiry = (input: string, now: Date): Result<CardExpiry, ExpiryError> => {
  const text = input.trim();
  if (text === '') return err('expiry-required');
  const match = compact.exec(text) ?? separated.exec(text);
  if (!match) return err('expiry-format');
  const month = Number(match[1]);
  const yy = match[2] ?? '';
  if (month < 1 || month > 12) return err('expiry-month');
  const year = 2000 + Number(yy);
  const current = now.getFullYear() * 12 + now.getMonth();
  if (year * 12 + (month - 1) < current) return err('expiry-past');
  return ok({ month, year, mm: String(month).padStart(2, '0'), yy });
};
