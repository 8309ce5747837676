import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttemptStatus, HistoryFilters, HistoryRow } from '../../../shared/ipc';
import type { StoredAttempt } from '../../../main/core/journal/attempt-rows';
import { dayMs } from '../../../main/core/journal/history-sql';
import { rareOperatorRows, rareStatusRows } from '../../../main/core/journal/history-search';
import { openDatabase } from '../../../main/core/platform/open-database';
import { bulkAttemptDefaults, insertAttempts } from './seed-attempts';
import { newAttempt, tempJournal } from './temp-journal';

/**
 * The history against a model: every filter's answer, paged, must equal filtering and
 * sorting the seeded attempts in memory. The rows span about three weeks, so text searches
 * walk many days; rare values live only in the oldest rows, many days behind the newest, and
 * common statuses have more rows than the rare-status walk takes on. Two cashiers share most
 * rows (each more than the rare-operator walk takes on), a trainee has a few, and the
 * oldest rows have no operator (taken before operators were switched on).
 */

// mulberry32: deterministic, and good enough that random ids do not collide.
let seed = 7;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
};
const hex = (n: number) =>
  Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');
const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const count = 6_137;
const start = Date.UTC(2025, 5, 1);
const oldRows = Math.floor(count / 4);

const operatorOf = (i: number) => {
  if (i < 40) return null;
  if (i % 173 === 0) return 'trainee';
  return i % 2 === 0 ? 'ana' : 'badr';
};

function seedAttempt(i: number): StoredAttempt {
  const old = i < oldRows;
  const rare = old && i % 97 === 0;
  // Three attempts share each millisecond (the attempt id must break the tie), and each
  // trio is 15 minutes after the last.
  const createdAt = start + Math.floor(i / 3) * 900_000;
  const reference = rare
    ? `RARE-${i}`
    : pick([`INV-${String(i).padStart(6, '0')}`, `Shop-ABC-${i}`, `فاتورة-${i}`, `inv-x${i}`]);
  const status: AttemptStatus = rare
    ? pick(['in-doubt', 'voided'] as const)
    : pick(['paid', 'paid', 'paid', 'declined', 'cancelled'] as const);
  return {
    ...bulkAttemptDefaults,
    attemptId: uuid(),
    merchantReferenceId: reference,
    amountMinor: rare ? 777 : pick([1000, 2500, 9999, 12_345]),
    currency: 'SAR',
    brand: 'visa',
    first6: '411111',
    last4: rare ? '4242' : pick(['1111', '0008', '9876']),
    holderName: 'SARA HASSAN',
    createdAt,
    state: 'paid',
    status,
    orderId: random() < 0.1 ? null : uuid(),
    updatedAt: createdAt,
    operatorId: operatorOf(i),
  };
}

let t: ReturnType<typeof tempJournal>;
let attempts: StoredAttempt[];

beforeAll(() => {
  t = tempJournal();
  attempts = Array.from({ length: count }, (_unused, i) => seedAttempt(i));
  // Inserted out of time order, so nothing can lean on rowid order.
  const shuffled = [...attempts].sort(() => random() - 0.5);
  const db = openDatabase(t.path);
  insertAttempts(db, shuffled);
  db.close();
});
afterAll(() => t.remove());

/** The specification of a search, written independently of the SQL. */
function expected(filters: HistoryFilters): string[] {
  const text = filters.text?.trim().toLowerCase() ?? '';
  const reference = (a: StoredAttempt) => a.merchantReferenceId.toLowerCase();
  const byStart = (a: StoredAttempt) =>
    text === '' ||
    reference(a).startsWith(text) ||
    (a.orderId ?? '').toLowerCase().startsWith(text) ||
    (/^\d{4}$/.test(text) && a.last4 === text);
  const found = expectedWith(filters, byStart);
  // Text nothing starts or ends with, and nothing else matched: a part of a reference.
  const part =
    text.length >= 3 &&
    !attempts.some(
      (a) =>
        reference(a).startsWith(text) ||
        (a.orderId ?? '').toLowerCase().startsWith(text) ||
        (/^\d{4}$/.test(text) && a.last4 === text),
    );
  return found.length === 0 && part
    ? expectedWith(filters, (a) => reference(a).includes(text))
    : found;
}

function expectedWith(filters: HistoryFilters, textMatches: (a: StoredAttempt) => boolean) {
  return attempts
    .filter(
      (a) =>
        textMatches(a) &&
        (filters.statuses === undefined ||
          filters.statuses.length === 0 ||
          filters.statuses.includes(a.status)) &&
        (filters.amountMinor === undefined || a.amountMinor === filters.amountMinor) &&
        (filters.operatorId === undefined || a.operatorId === filters.operatorId) &&
        (filters.fromMs === undefined || a.createdAt >= filters.fromMs) &&
        (filters.toMs === undefined || a.createdAt <= filters.toMs),
    )
    .sort((a, b) =>
      a.createdAt !== b.createdAt ? b.createdAt - a.createdAt : a.attemptId < b.attemptId ? 1 : -1,
    )
    .map((a) => a.attemptId);
}

/** Every page of a search, following the cursor to the end. */
function allPages(filters: HistoryFilters, limit: number): HistoryRow[][] {
  const pages: HistoryRow[][] = [];
  let cursor: string | null = null;
  do {
    const page = t.journal.search(filters, cursor, limit);
    pages.push(page.rows);
    cursor = page.nextCursor;
  } while (cursor !== null && pages.length < 10_000);
  return pages;
}

const orderIdOf = (index: number) =>
  attempts.filter((a) => a.orderId !== null)[index]?.orderId ?? '';
// The end of one reference that nothing else starts with: `x1234` of `inv-x1234`.
const endOfOneReference = () =>
  attempts.find((a) => /^inv-x\d{4}$/.test(a.merchantReferenceId))?.merchantReferenceId.slice(-5) ??
  '';
const mid = start + Math.floor(count / 6) * 900_000;

const cases: [string, () => HistoryFilters, number][] = [
  ['everything', () => ({}), 200],
  ['empty text', () => ({ text: '   ' }), 200],
  ['one common status', () => ({ statuses: ['declined'] }), 200],
  ['a status found only in old rows', () => ({ statuses: ['in-doubt'] }), 7],
  ['two statuses', () => ({ statuses: ['in-doubt', 'voided'] }), 7],
  ['a rare amount', () => ({ amountMinor: 777 }), 7],
  ['a common amount', () => ({ amountMinor: 9999 }), 200],
  ['a rare reference prefix, other case', () => ({ text: 'rare-' }), 7],
  ['a reference prefix', () => ({ text: 'SHOP-abc-1' }), 50],
  ['an Arabic reference prefix', () => ({ text: 'فاتورة-20' }), 50],
  [
    'a trimmed full reference',
    () => ({ text: `  ${attempts[oldRows - 1]?.merchantReferenceId}  ` }),
    5,
  ],
  ['a rare last 4', () => ({ text: '4242' }), 7],
  ['a common last 4', () => ({ text: '0008' }), 200],
  ['a full order id, upper case', () => ({ text: orderIdOf(10).toUpperCase() }), 5],
  ['an order id prefix', () => ({ text: orderIdOf(4000).slice(0, 3) }), 20],
  ['a date range, both ends inclusive', () => ({ fromMs: mid, toMs: mid + 2 * dayMs }), 50],
  [
    'text, status and dates together',
    () => ({ text: 'inv', statuses: ['paid'], fromMs: start, toMs: mid }),
    200,
  ],
  ['rare text and rare status', () => ({ text: 'RARE', statuses: ['in-doubt'] }), 3],
  ['broad text and a rare status', () => ({ text: 'inv', statuses: ['in-doubt', 'voided'] }), 4],
  ['broad text and a common status', () => ({ text: 'shop', statuses: ['paid'] }), 60],
  ['broad text and a middling status', () => ({ text: 'shop', statuses: ['cancelled'] }), 60],
  ['text and an amount', () => ({ text: 'inv-00', amountMinor: 2500 }), 30],
  ['status and amount', () => ({ statuses: ['paid', 'declined'], amountMinor: 1000 }), 90],
  [
    'text, statuses, amount and dates',
    () => ({ text: 'فاتورة', statuses: ['paid', 'cancelled'], amountMinor: 9999, fromMs: mid }),
    25,
  ],
  ['an old prefix many days back', () => ({ text: 'inv-0001' }), 40],
  ['last 4 and a status', () => ({ text: '0008', statuses: ['declined'] }), 80],
  ['nothing matches', () => ({ text: 'no-such-reference' }), 10],
  ['a part inside references', () => ({ text: 'abc-10' }), 20],
  ['the end of one reference', () => ({ text: endOfOneReference() }), 5],
  ['a part and a status', () => ({ text: '-x12', statuses: ['declined'] }), 10],
  [
    'a part, an amount and dates',
    () => ({ text: 'ABC-2', amountMinor: 2500, fromMs: start, toMs: mid }),
    15,
  ],
  ['a start other filters exclude', () => ({ text: 'rare-', amountMinor: 1000 }), 10],
  // History's operator filter; a cashier's own history is any search with their operator.
  ['a common operator', () => ({ operatorId: 'ana' }), 200],
  ['a rare operator', () => ({ operatorId: 'trainee' }), 7],
  ['an operator with no rows', () => ({ operatorId: 'nobody', text: 'inv' }), 10],
  ['a cashier’s own declined sales', () => ({ operatorId: 'ana', statuses: ['declined'] }), 90],
  ['an operator and an amount', () => ({ operatorId: 'badr', amountMinor: 9999 }), 20],
  [
    'an operator, statuses and an amount',
    () => ({ operatorId: 'badr', statuses: ['paid', 'declined'], amountMinor: 1000 }),
    20,
  ],
  [
    'an operator, broad text and a common status',
    () => ({ operatorId: 'ana', text: 'shop', statuses: ['paid'] }),
    60,
  ],
  ['an operator and a narrow prefix', () => ({ operatorId: 'badr', text: 'inv-0001' }), 15],
  [
    'an operator, last 4 and a status',
    () => ({ operatorId: 'ana', text: '0008', statuses: ['declined'] }),
    40,
  ],
  ['a rare operator and broad text', () => ({ operatorId: 'trainee', text: 'inv' }), 3],
  [
    'a rare operator, statuses and dates',
    () => ({ operatorId: 'trainee', statuses: ['paid', 'declined'], fromMs: start, toMs: mid }),
    2,
  ],
];

describe('history search', () => {
  it.each(cases)('pages through %s without duplicates or gaps', (_name, filtersOf, limit) => {
    const filters = filtersOf();
    const pages = allPages(filters, limit);
    const ids = pages.flat().map((row) => row.attemptId);
    expect(ids).toEqual(expected(filters));
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(limit);
    // Only the last page may be short, and it is never followed by an empty page.
    expect(pages.slice(0, -1).every((page) => page.length === limit)).toBe(true);
    if (ids.length > 0) expect(pages.at(-1)?.length).toBeGreaterThan(0);
  });

  it('covers both text walks: rare rows lie days back, a common status is not rare', () => {
    const rare = attempts.filter((a) => a.status === 'in-doubt');
    const newest = Math.max(...attempts.map((a) => a.createdAt));
    expect(rare.length).toBeGreaterThan(3);
    expect(newest - Math.max(...rare.map((a) => a.createdAt))).toBeGreaterThan(10 * dayMs);
    expect(attempts.filter((a) => a.status === 'paid').length).toBeGreaterThan(rareStatusRows);
    const rowsOf = (operatorId: string) => attempts.filter((a) => a.operatorId === operatorId);
    expect(rowsOf('ana').length).toBeGreaterThan(rareOperatorRows);
    expect(rowsOf('trainee').length).toBeGreaterThan(10);
  });

  it('finds parts of references that no reference starts with, newest first', () => {
    for (const text of ['abc-10', endOfOneReference(), '-x12']) {
      const rows = t.journal.search({ text }, null, 200).rows;
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.merchantReferenceId.toLowerCase()).toContain(text);
    }
    expect(t.journal.search({ text: 'rare-', amountMinor: 1000 }, null, 10).rows).toEqual([]);
  });

  it('returns rows in the contract shape with the masked card', () => {
    const [row] = t.journal.search({ text: 'RARE' }, null, 1).rows;
    const attempt = attempts.find((a) => a.attemptId === row?.attemptId);
    expect(row).toEqual({
      attemptId: attempt?.attemptId,
      createdAt: attempt?.createdAt,
      merchantReferenceId: attempt?.merchantReferenceId,
      orderId: attempt?.orderId,
      amountMinor: 777,
      currency: 'SAR',
      brand: 'visa',
      masked: '411111******4242',
      holderName: 'SARA HASSAN',
      status: attempt?.status,
      refundedMinor: 0,
      operatorId: attempt?.operatorId,
      heldAt: null,
      failureCode: attempt?.failure?.code ?? null,
      cardSource: 'keyed',
    });
  });

  it('caps a page at 200 rows and serves at least one', () => {
    expect(t.journal.search({}, null, 10_000).rows).toHaveLength(200);
    expect(t.journal.search({}, null, 0).rows).toHaveLength(1);
  });

  it('refuses a forged cursor with an operator-facing code', () => {
    expect(() => t.journal.search({}, 'Zm9yZ2Vk', 10)).toThrow(
      expect.objectContaining({ code: 'invalid-cursor' }),
    );
  });
  // Last: it writes a row the model does not have.
  it('keeps paging stable while new attempts are written at the top', () => {
    const first = t.journal.search({}, null, 25);
    t.journal.createAttempt(newAttempt({ createdAt: start + count * 1000 }), {
      step: 'created',
      outcome: 'ok',
    });
    const second = t.journal.search({}, first.nextCursor, 25);
    expect([...first.rows, ...second.rows].map((row) => row.attemptId)).toEqual(
      expected({}).slice(0, 50),
    );
  });
});
