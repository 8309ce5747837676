import { describe, expect, it } from 'vitest';
import { parseExpiry } from '../../../../shared/card/expiry';

// Local time, as parseExpiry reads it: 15 June 2030.
const now = new Date(2030, 5, 15, 12, 0, 0);

describe('parseExpiry', () => {
  it.each([
    ['0739', { month: 7, year: 2039, mm: '07', yy: '39' }],
    ['07/39', { month: 7, year: 2039, mm: '07', yy: '39' }],
    ['7/39', { month: 7, year: 2039, mm: '07', yy: '39' }],
    ['07 / 39', { month: 7, year: 2039, mm: '07', yy: '39' }],
    [' 12/30 ', { month: 12, year: 2030, mm: '12', yy: '30' }],
    ['06/30', { month: 6, year: 2030, mm: '06', yy: '30' }],
    ['01/99', { month: 1, year: 2099, mm: '01', yy: '99' }],
  ])('accepts %j', (input, value) => {
    expect(parseExpiry(input, now)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'expiry-required'],
    ['  ', 'expiry-required'],
    ['739', 'expiry-format'],
    ['07/2039', 'expiry-format'],
    ['07-39', 'expiry-format'],
    ['ab/cd', 'expiry-format'],
    ['07/39x', 'expiry-format'],
    ['13/30', 'expiry-month'],
    ['00/30', 'expiry-month'],
    ['1330', 'expiry-month'],
    ['05/30', 'expiry-past'],
    ['12/29', 'expiry-past'],
    ['0100', 'expiry-past'],
  ])('refuses %j with %s', (input, error) => {
    expect(parseExpiry(input, now)).toEqual({ ok: false, error });
  });

  it('keeps a card valid through the last moment of its month, local time', () => {
    expect(parseExpiry('06/30', new Date(2030, 5, 30, 23, 59, 59, 999)).ok).toBe(true);
    expect(parseExpiry('06/30', new Date(2030, 6, 1, 0, 0, 0, 0))).toEqual({
      ok: false,
      error: 'expiry-past',
    });
    expect(parseExpiry('12/30', new Date(2030, 11, 31, 23, 59)).ok).toBe(true);
    expect(parseExpiry('12/30', new Date(2031, 0, 1, 0, 0)).ok).toBe(false);
  });
});
