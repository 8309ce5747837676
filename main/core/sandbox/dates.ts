/**
 * The gateway's date spellings. The seed: ISO 8601 with fractional seconds, "some carry a
 * trailing Z and some do not". The sandbox writes order and session dates as UTC with a Z
 * and 3 fractional digits, and transaction dates as .NET writes an unspecified-kind
 * DateTime: the same UTC instant, 7 fractional digits, no zone. Clients must read both.
 */
export const isoWithZone = (epochMs: number): string => new Date(epochMs).toISOString();

export const isoWithoutZone = (epochMs: number): string =>
  `${new Date(epochMs).toISOString().slice(0, -1)}0000`;

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** Acquirer-style `MMDD` and `HHMMSS` (UTC), as card networks exchange them. */
export const networkDate = (epochMs: number): string => {
  const date = new Date(epochMs);
  return pad(date.getUTCMonth() + 1) + pad(date.getUTCDate());
};

export const networkTime = (epochMs: number): string => {
  const date = new Date(epochMs);
  return pad(date.getUTCHours()) + pad(date.getUTCMinutes()) + pad(date.getUTCSeconds());
};

/** `YYYY-MM-DD` (UTC). */
export const calendarDate = (epochMs: number): string => isoWithZone(epochMs).slice(0, 10);
