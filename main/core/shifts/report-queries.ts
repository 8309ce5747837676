import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { currencies, type Currency } from '../../../shared/money/currencies';
import type { CountTotal, CurrencyFigures, ShiftReport } from '../../../shared/ipc-shifts';

/**
 * The report's figures as pure reads of the journal file (issue 18): they run on any
 * connection, the read-only one today and the journal reader thread once it is there, and
 * change nothing. A shift is a range of ledger entries (after, through], never a clock range.
 */
export interface ShiftWindow {
  shiftId: number;
  openedAt: number;
  afterEntry: number;
  throughEntry: number;
}

export type ShiftFigures = Pick<
  ShiftReport,
  | 'currencies'
  | 'byBrand'
  | 'byOperator'
  | 'lateEntries'
  | 'inDoubt'
  | 'holdsOpen'
  | 'selfApprovedRefunds'
>;

const currencySchema = z.enum(currencies);
const int = z.coerce.number().int();
const total = z.coerce.number().int().nonnegative();

// One grouped pass over the shift's entries feeds the currency figures and both breakdowns:
// SQLite sorts the range once for GROUP BY, so one pass is the cost of the whole report.
const groupRow = z.object({
  currency: currencySchema,
  kind: z.string(),
  source: z.string(),
  brand: z.string().nullable(),
  operatorId: z.string().nullable(),
  n: int,
  total,
  /** An 'adopted' entry moves money only when its detail says so (taken or returned). */
  adoptedNet: int,
});
type GroupRow = z.infer<typeof groupRow>;

const groupedEntries = (db: DatabaseSync, window: ShiftWindow): GroupRow[] =>
  db
    .prepare(
      `SELECT currency, kind, source, brand, operator_id AS operatorId, count(*) AS n,
         coalesce(sum(amount_minor), 0) AS total,
         coalesce(sum(CASE WHEN kind <> 'adopted' THEN 0
           WHEN json_extract(detail, '$.effect') = 'taken' THEN amount_minor
           WHEN json_extract(detail, '$.effect') = 'returned' THEN -amount_minor
           ELSE 0 END), 0) AS adoptedNet
       FROM ledger WHERE entry_id > ? AND entry_id <= ?
       GROUP BY currency, kind, source, brand, operator_id`,
    )
    .all(window.afterEntry, window.throughEntry)
    .map((row) => groupRow.parse(row));

const emptyTotal = (): CountTotal => ({ count: 0, totalMinor: 0 });

const emptyFigures = (currency: Currency): CurrencyFigures => ({
  currency,
  sales: emptyTotal(),
  declined: 0,
  abandoned: 0,
  refunds: emptyTotal(),
  holds: emptyTotal(),
  captures: emptyTotal(),
  releases: emptyTotal(),
  holdsExpired: 0,
  linksPaid: emptyTotal(),
  linksExpired: 0,
  linksCancelled: 0,
  adopted: { count: 0, netMinor: 0 },
  netMinor: 0,
});

const add = (into: CountTotal, n: number, sum: number) => {
  into.count += n;
  into.totalMinor += sum;
};

/** The latest ledger entry: the cut an X or Z report reads up to. */
export const latestEntry = (db: DatabaseSync): number =>
  int.parse(db.prepare('SELECT coalesce(max(entry_id), 0) AS n FROM ledger').get()?.n);

const currencyFigures = (rows: readonly GroupRow[]): CurrencyFigures[] => {
  const byCurrency = new Map<Currency, CurrencyFigures>();
  for (const row of rows) {
    const figures = byCurrency.get(row.currency) ?? emptyFigures(row.currency);
    byCurrency.set(row.currency, figures);
    switch (row.kind) {
      case 'sale':
        add(figures.sales, row.n, row.total);
        if (row.source === 'link') add(figures.linksPaid, row.n, row.total);
        break;
      case 'declined':
        figures.declined += row.n;
        break;
      case 'abandoned':
        figures.abandoned += row.n;
        break;
      case 'refund':
        add(figures.refunds, row.n, row.total);
        break;
      case 'hold':
        add(figures.holds, row.n, row.total);
        break;
      case 'capture':
        add(figures.captures, row.n, row.total);
        break;
      case 'release':
        add(figures.releases, row.n, row.total);
        break;
      case 'hold-expired':
        figures.holdsExpired += row.n;
        break;
      case 'link-expired':
        figures.linksExpired += row.n;
        break;
      case 'link-cancelled':
        figures.linksCancelled += row.n;
        break;
      case 'adopted':
        figures.adopted.count += row.n;
        figures.adopted.netMinor += row.adoptedNet;
        break;
    }
  }
  for (const figures of byCurrency.values()) {
    figures.netMinor =
      figures.sales.totalMinor +
      figures.captures.totalMinor -
      figures.refunds.totalMinor +
      figures.adopted.netMinor;
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
};

interface SalesRefunds {
  sales: CountTotal;
  refunds: CountTotal;
}

// Sales (and captures) and refunds per currency and one more column, in a stable order.
const linesBy = (rows: readonly GroupRow[], keyOf: (row: GroupRow) => string | null) => {
  const lines = new Map<string, { currency: Currency; key: string | null } & SalesRefunds>();
  for (const row of rows) {
    if (row.kind !== 'sale' && row.kind !== 'capture' && row.kind !== 'refund') continue;
    const key = keyOf(row);
    const id = `${row.currency}\u0000${key ?? ''}`;
    const line = lines.get(id) ?? {
      currency: row.currency,
      key,
      sales: emptyTotal(),
      refunds: emptyTotal(),
    };
    add(row.kind === 'refund' ? line.refunds : line.sales, row.n, row.total);
    lines.set(id, line);
  }
  return [...lines.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, line]) => line);
};

const lateRow = z.object({
  entryId: int,
  kind: z.string(),
  recordId: z.string(),
  amountMinor: total,
  currency: currencySchema,
  recordCreatedAt: int,
});

/** How many late entries a report lists; the count beyond is in the figures anyway. */
const listLimit = 500;

const lateEntries = (db: DatabaseSync, window: ShiftWindow) =>
  db
    .prepare(
      `SELECT entry_id AS entryId, kind, record_id AS recordId, amount_minor AS amountMinor,
         currency, record_created_at AS recordCreatedAt
       FROM ledger WHERE entry_id > ? AND entry_id <= ? AND record_created_at < ?
       ORDER BY entry_id LIMIT ${listLimit}`,
    )
    .all(window.afterEntry, window.throughEntry, window.openedAt)
    .map((row) => lateRow.parse(row));

const inDoubtRow = z.object({
  attemptId: z.string(),
  merchantReferenceId: z.string(),
  amountMinor: total,
  currency: currencySchema,
  createdAt: int,
  acknowledgedBy: z.string().nullable(),
  acknowledged: z.coerce.boolean(),
});

/**
 * Attempts whose money is still in doubt now (the same WHERE as the journal's partial index
 * attempts_in_doubt), with this shift's acknowledgement if a supervisor gave one.
 */
export const inDoubtAttempts = (db: DatabaseSync, shiftId: number) =>
  db
    .prepare(
      `SELECT a.attempt_id AS attemptId, a.merchant_reference_id AS merchantReferenceId,
         a.amount_minor AS amountMinor, a.currency, a.created_at AS createdAt,
         k.acknowledged_by AS acknowledgedBy, k.at IS NOT NULL AS acknowledged
       FROM attempts a
       LEFT JOIN shift_acknowledgements k ON k.shift_id = ? AND k.attempt_id = a.attempt_id
       WHERE a.state = 'pay-sent' OR a.status = 'in-doubt' ORDER BY a.created_at`,
    )
    .all(shiftId)
    .map((row) => inDoubtRow.parse(row));

const holdRow = z.object({
  recordId: z.string(),
  amountMinor: total,
  currency: currencySchema,
  heldAt: int,
});

// Holds with no capture, release or expiry up to the cut: money still held at the bank.
const holdsOpen = (db: DatabaseSync, window: ShiftWindow) =>
  db
    .prepare(
      `SELECT h.record_id AS recordId, h.amount_minor AS amountMinor, h.currency, h.at AS heldAt
       FROM ledger h WHERE h.kind = 'hold' AND h.entry_id <= ?
         AND NOT EXISTS (SELECT 1 FROM ledger e WHERE e.record_id = h.record_id
           AND e.kind IN ('capture', 'release', 'hold-expired') AND e.entry_id <= ?)
       ORDER BY h.entry_id LIMIT ${listLimit}`,
    )
    .all(window.throughEntry, window.throughEntry)
    .map((row) => holdRow.parse(row));

const selfApprovedRow = z.object({
  entryId: int,
  recordId: z.string(),
  operatorId: z.string(),
  amountMinor: total,
  currency: currencySchema,
});

/**
 * Refunds approved by the operator who asked for them (issue 15's single-admin case, whose
 * audit row is flagged for the Z report): the ledger names both, so the Z lists them.
 */
const selfApprovedRefunds = (db: DatabaseSync, window: ShiftWindow) =>
  db
    .prepare(
      `SELECT entry_id AS entryId, record_id AS recordId, operator_id AS operatorId,
         amount_minor AS amountMinor, currency
       FROM ledger WHERE entry_id > ? AND entry_id <= ? AND kind = 'refund'
         AND approver_id IS NOT NULL AND lower(approver_id) = lower(operator_id)
       ORDER BY entry_id LIMIT ${listLimit}`,
    )
    .all(window.afterEntry, window.throughEntry)
    .map((row) => selfApprovedRow.parse(row));

/** Every figure of an X or Z report for the window, read from the journal file alone. */
export const readShiftFigures = (db: DatabaseSync, window: ShiftWindow): ShiftFigures => {
  const rows = groupedEntries(db, window);
  return {
    currencies: currencyFigures(rows),
    byBrand: linesBy(rows, (row) => row.brand).map(({ key, ...line }) => ({
      ...line,
      brand: key ?? 'unknown',
    })),
    byOperator: linesBy(rows, (row) => row.operatorId).map(({ key, ...line }) => ({
      ...line,
      operatorId: key,
    })),
    lateEntries: lateEntries(db, window),
    inDoubt: inDoubtAttempts(db, window.shiftId),
    holdsOpen: holdsOpen(db, window),
    selfApprovedRefunds: selfApprovedRefunds(db, window),
  };
};
