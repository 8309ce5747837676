/**
 * Currencies the terminal accepts, with their ISO 4217 minor-unit exponent. Amounts travel
 * as integer minor units everywhere except the gateway wire, which wants decimal numbers.
 */
export const currencyExponents = {
  SAR: 2,
  EGP: 2,
  AED: 2,
  USD: 2,
  EUR: 2,
  KWD: 3,
  BHD: 3,
  OMR: 3,
  JOD: 3,
  JPY: 0,
} as const;

export type Currency = keyof typeof currencyExponents;
export const currencies = Object.keys(currencyExponents) as [Currency, ...Currency[]];
