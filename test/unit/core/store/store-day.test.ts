import { describe, expect, it } from 'vitest';
import type { CurrencyFigures } from '../../../../shared/ipc-shifts';
import type { StoreDay } from '../../../../shared/ipc-store-day';
import { localDayBounds } from '../../../../main/core/ipc/store-day-handlers';
import { storeDayView } from '../../../../main/core/store/store-day-view';
import { sumCurrencies } from '../../../../main/core/store/store-end-of-day';

const ct = (count: number, totalMinor: number) => ({ count, totalMinor });
const figures = (currency: CurrencyFigures['currency'], n: number): CurrencyFigures => ({
  currency,
  sales: ct(n, n * 1_000),
  declined: n,
  abandoned: 0,
  refunds: ct(1, 100),
  holds: ct(0, 0),
  captures: ct(0, 0),
  releases: ct(0, 0),
  holdsExpired: 0,
  holdsOpen: ct(n, n * 500),
  linksPaid: ct(n, n * 10),
  linksPending: ct(1, 20),
  linksExpired: 0,
  linksCancelled: 1,
  adopted: { count: 1, netMinor: -50 },
  netMinor: n * 1_000 - 100 - 50,
});

describe('store end of day', () => {
  it('sums every count and total per currency, signed amounts included', () => {
    expect(sumCurrencies([[figures('USD', 1), figures('SAR', 2)], [figures('SAR', 3)]])).toEqual([
      {
        currency: 'SAR',
        sales: ct(5, 5_000),
        declined: 5,
        abandoned: 0,
        refunds: ct(2, 200),
        holds: ct(0, 0),
        captures: ct(0, 0),
        releases: ct(0, 0),
        holdsExpired: 0,
        holdsOpen: ct(5, 2_500),
        linksPaid: ct(5, 50),
        linksPending: ct(2, 40),
        linksExpired: 0,
        linksCancelled: 2,
        adopted: { count: 2, netMinor: -100 },
        netMinor: 4_700,
      },
      figures('USD', 1),
    ]);
    expect(sumCurrencies([])).toEqual([]);
  });

  it('a day is the local calendar day; a day that does not exist is refused', () => {
    const { fromMs, toMs } = localDayBounds('2026-11-23');
    expect(fromMs).toBe(new Date(2026, 10, 23).getTime());
    expect(toMs).toBe(new Date(2026, 10, 24).getTime());
    expect(() => localDayBounds('2026-02-30')).toThrow(
      expect.objectContaining({ code: 'invalid-request', params: { fields: 'date' } }),
    );
  });

  it('words the day in Arabic with counter names isolated, and says when nothing is open', () => {
    const day: StoreDay = {
      fromMs: Date.UTC(2026, 10, 23),
      toMs: Date.UTC(2026, 10, 24),
      counters: 2,
      currencies: [figures('SAR', 2)],
      zReports: [
        {
          counterId: 'front-1',
          counterName: 'Front desk',
          zNumber: 4,
          closedAt: Date.UTC(2026, 10, 23, 20),
          closedBy: 'admin-1',
        },
      ],
      openShifts: [],
      silent: [{ counterId: 'back-2', counterName: 'Back', lastSyncAt: null }],
      auditChains: [
        {
          counterId: 'front-1',
          counterName: 'Front desk',
          rows: 40,
          unsignedRows: 3,
          head: { seq: 40, link: 'ab'.repeat(32), mac: '0123456789abcdef' },
          key: 'pinned',
          broken: null,
        },
        {
          counterId: 'back-2',
          counterName: 'Back',
          rows: 9,
          unsignedRows: 0,
          head: { seq: 9, link: 'cd'.repeat(32), mac: 'fedcba9876543210' },
          key: 'pinned',
          broken: { seq: 4, reason: 'signature' },
        },
      ],
    };
    const view = storeDayView(day, { language: 'ar', timeZone: 'UTC' });
    const lines = view.sections.flatMap((section) => section.lines.map((line) => line.label));
    expect(lines).toContain('\u2068Front desk (front-1)\u2069: تقرير Z رقم 4');
    expect(lines).toContain('\u2068Back (back-2)\u2069');
    expect(view.sections.map((section) => section.note).filter(Boolean)).toContain(
      'كل عمليات الدفع لهذا اليوم في تقارير Z.',
    );
    const audit = view.sections.at(-1)!;
    expect(audit.title).toBe('سجلات التدقيق في نهاية اليوم');
    expect(audit.lines[1]).toEqual({
      label: '\u2068Back (back-2)\u2069',
      value: `غير سليم: القيد 4 عُدِّل: القيد 9، رمز MAC \u2068fedcba9876543210\u2069، قيمة السلسلة \u2068${'cd'.repeat(32)}\u2069`,
    });
    const english = storeDayView(day, { language: 'en', timeZone: 'UTC' });
    expect(english.title).toBe('Store end of day: 23 Nov 2026');
    // The head of each counter's chain at the day's end, and whether it verified.
    expect(english.sections.at(-1)!.lines).toEqual([
      {
        label: 'Front desk (front-1)',
        value: `verified (the first 3 entries were written before signing began): entry 40, MAC 0123456789abcdef, chain ${'ab'.repeat(32)}`,
      },
      {
        label: 'Back (back-2)',
        value: `does not verify: entry 4 was changed: entry 9, MAC fedcba9876543210, chain ${'cd'.repeat(32)}`,
      },
    ]);
    // A replaced key, a counter not upgraded, a day whose entries all predate signing.
    const [front] = day.auditChains;
    const other = (key: 'changed' | 'missing', unsignedRows: number) =>
      storeDayView(
        { ...day, auditChains: [{ ...front!, key, unsignedRows, broken: null }] },
        { language: 'en' },
      ).sections.at(-1)!.lines[0]!.value;
    expect(other('changed', 0)).toMatch(/^its key in the store changed: not trusted: entry 40/);
    expect(other('missing', 40)).toMatch(/^not signed yet \(the counter is not upgraded\)/);
    expect(
      storeDayView(
        { ...day, auditChains: [{ ...front!, unsignedRows: 40 }] },
        { language: 'en' },
      ).sections.at(-1)!.lines[0]!.value,
    ).toMatch(/^written before signing began: cannot be checked from here: entry 40/);
    expect(storeDayView({ ...day, auditChains: [] }, { language: 'en' }).sections.at(-1)).toEqual({
      title: 'Audit trails at the end of the day',
      lines: [],
      note: 'No counter has audit entries in the store for this day.',
    });
  });
});
