import { describe, expect, it } from 'vitest';
import { emptyQuery, toHistoryFilters } from '../../../../renderer/src/history/history-query';

describe('toHistoryFilters', () => {
  it('sends nothing for an empty query', () => {
    expect(toHistoryFilters(emptyQuery, 'SAR')).toEqual({});
  });

  it.each([
    ['PD-20261122', { text: 'PD-20261122' }],
    ['0008', { text: '0008' }],
    ['125', { text: '125' }],
    ['12.50', { amountMinor: 1250 }],
    ['12,5', { amountMinor: 1250 }],
    [' 7.25 ', { amountMinor: 725 }],
    ['1.2.3', { text: '1.2.3' }],
    // As printed: grouped, with the currency, in Arabic digits and separators, copied with marks.
    ['1,250.50', { amountMinor: 125_050 }],
    ['1,250', { amountMinor: 125_000 }],
    ['SAR 1,250.50', { amountMinor: 125_050 }],
    ['SAR 150', { amountMinor: 15_000 }],
    ['\u200f1,250.50 SAR', { amountMinor: 125_050 }],
    ['١٬٢٥٠٫٥٠', { amountMinor: 125_050 }],
    ['\u200f١٬٢٥٠٫٥٠ ر.س', { amountMinor: 125_050 }],
    ['۱۲٫۵', { amountMinor: 1250 }],
    ['1,25,0', { text: '1,25,0' }],
    ['PDX1.50', { text: 'PDX1.50' }],
    ['FC3A', { text: 'FC3A' }],
  ])('search %j becomes %j', (text, filters) => {
    expect(toHistoryFilters({ ...emptyQuery, text }, 'SAR')).toEqual(filters);
  });

  it('reads an amount in the given currency’s minor units', () => {
    expect(toHistoryFilters({ ...emptyQuery, text: '1.500' }, 'KWD')).toEqual({
      amountMinor: 1500,
    });
    // Too many decimals for SAR: searched as text rather than rounded.
    expect(toHistoryFilters({ ...emptyQuery, text: '1.500' }, 'SAR')).toEqual({ text: '1.500' });
  });

  it('turns a status and whole local days into an inclusive range', () => {
    const filters = toHistoryFilters(
      { text: '', status: 'paid', period: 'custom', from: '2026-11-01', to: '2026-11-02' },
      'SAR',
    );
    expect(filters).toEqual({
      statuses: ['paid'],
      fromMs: new Date(2026, 10, 1).getTime(),
      toMs: new Date(2026, 10, 3).getTime() - 1,
    });
  });

  it('ignores a malformed date', () => {
    expect(toHistoryFilters({ ...emptyQuery, period: 'custom', from: '2026-11' }, 'SAR')).toEqual(
      {},
    );
    expect(
      toHistoryFilters({ ...emptyQuery, period: 'custom', from: '2026-02-31' }, 'SAR'),
    ).toEqual({});
  });

  it('turns a preset period into whole local days on the given clock', () => {
    const now = new Date(2026, 10, 22, 18, 30);
    const range = (period: (typeof emptyQuery)['period']) =>
      toHistoryFilters({ ...emptyQuery, period, from: '2020-01-01' }, 'SAR', now);
    expect(range('any')).toEqual({});
    expect(range('today')).toEqual({
      fromMs: new Date(2026, 10, 22).getTime(),
      toMs: new Date(2026, 10, 23).getTime() - 1,
    });
    expect(range('yesterday')).toEqual({
      fromMs: new Date(2026, 10, 21).getTime(),
      toMs: new Date(2026, 10, 22).getTime() - 1,
    });
    expect(range('last7').fromMs).toBe(new Date(2026, 10, 16).getTime());
    expect(range('lastMonth')).toEqual({
      fromMs: new Date(2026, 9, 1).getTime(),
      toMs: new Date(2026, 10, 1).getTime() - 1,
    });
    expect(
      toHistoryFilters({ ...emptyQuery, period: 'lastMonth' }, 'SAR', new Date(2027, 0, 5)),
    ).toEqual({
      fromMs: new Date(2026, 11, 1).getTime(),
      toMs: new Date(2027, 0, 1).getTime() - 1,
    });
  });
});
