import { describe, expect, it } from 'vitest';
import {
  cardStateAt,
  isExpired,
  keptToken,
  storableMask,
} from '../../../../main/core/customers/saved-card-rules';

const local = (year: number, month: number, day: number, hour = 0) =>
  new Date(year, month - 1, day, hour).getTime();

describe('a saved card’s expiry', () => {
  const card = { expiryMonth: 2, expiryYear: 2028 };

  it('holds through the last moment of its month, in the counter’s time, and not after', () => {
    expect(isExpired(card, local(2028, 2, 29, 23) + 59 * 60_000)).toBe(false);
    expect(isExpired(card, local(2028, 3, 1))).toBe(true);
    expect(isExpired({ expiryMonth: 12, expiryYear: 2027 }, local(2027, 12, 31, 23))).toBe(false);
    expect(isExpired({ expiryMonth: 12, expiryYear: 2027 }, local(2028, 1, 1))).toBe(true);
  });

  it('gives the state: the gateway’s flag first, then the clock', () => {
    expect(cardStateAt({ ...card, flag: null }, local(2028, 1, 1))).toBe('usable');
    expect(cardStateAt({ ...card, flag: null }, local(2028, 3, 1))).toBe('expired');
    expect(cardStateAt({ ...card, flag: 'refused' }, local(2028, 1, 1))).toBe('refused');
    expect(cardStateAt({ ...card, flag: 'expired' }, local(2028, 1, 1))).toBe('expired');
  });
});

describe('the mask kept', () => {
  it.each([
    ['512345******0008', '512345******0008'],
    ['512345xxxxxx0008', '512345******0008'],
    [' 371449*****8431 ', '371449*****8431'],
    ['523456**9016', '523456**9016'],
  ])('%j is kept as %j', (mask, kept) => {
    expect(storableMask(mask)).toBe(kept);
  });

  it.each([
    '5123450000000008',
    '5123450*****0008',
    '512345*0008',
    '512345**********0008',
    '5123 45** **** 0008',
    '',
  ])('%j is refused', (mask) => {
    expect(storableMask(mask)).toBeNull();
  });

  it('refuses a token id that may be a card, and keeps a GUID one', () => {
    const token = {
      tokenId: '0f8fad5b-d9cb-469f-a165-708677289501',
      maskedCard: '512345******0008',
      brand: 'Mastercard',
      expiryMonth: 1,
      expiryYear: 2030,
    };
    expect(keptToken(token)).toEqual(token);
    expect(keptToken({ ...token, tokenId: '5123450000000008' })).toBeNull();
    expect(keptToken({ ...token, tokenId: 'tok_5123 4500 0000 0008' })).toBeNull();
    expect(keptToken({ ...token, tokenId: '' })).toBeNull();
  });
});
