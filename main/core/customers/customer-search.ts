import type { CustomerMatch } from './customer-sql';

/**
 * What the agent typed, read as a name, a phone and a card's last 4 at once: one box finds
 * "Sara", "050 123 4567" (the national trunk 0 and separators dropped, so it matches the
 * stored E.164) and "4242". Too few digits for a phone (under 5) look for no phone.
 */
export function searchTerms(query: string): CustomerMatch {
  const name = query.trim();
  const digits = name.replace(/[\s\-().+]/g, '');
  const allDigits = /^\d+$/.test(digits);
  const phoneDigits = allDigits ? digits.replace(/^0+/, '') : '';
  return {
    name,
    phoneDigits: phoneDigits.length >= 5 ? phoneDigits : null,
    last4: /^\d{4}$/.test(name) ? name : null,
  };
}
