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
      { text: '', status: 'paid', from: '2026-11-01', to: '2026-11-02' },
      'SAR',
    );
    expect(filters).toEqual({
      statuses: ['paid'],
      fromMs: new Date(2026, 10, 1).getTime(),
      toMs: new Date(2026, 10, 3).getTime() - 1,
    });
  });

  it('ignores a malformed date', () => {
    expect(toHistoryFilters({ ...emptyQuery, from: '2026-11' }, 'SAR')).toEqual({});
  });
});
