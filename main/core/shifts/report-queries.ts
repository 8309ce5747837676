import type { StatementSync } from 'node:sqlite';
import { z } from 'zod';
import { currencies, type Currency } from '../../../shared/money/currencies';
import type { CountTotal, ShiftReport } from '../../../shared/ipc-shifts';
import { ledgerGroupKey } from '../journal/migrations/step-13-shift-report-indexes';
import { currencyFigures, linesBy, type EntryGroup, type OpenNow } from './report-arithmetic';

/**
 * The report's figures as pure reads of the journal file, over cached statements
 * of any connection: the journal reader thread's for X reports, reprints and the Z's
 * figures, the writer's inside a close only as a last resort (shift-store.ts). A shift is a
 * range of ledger entries (after, through], never a clock range. What is open right now
 * (holds at the bank, links awaiting payment, payments in doubt) is read from the attempts
 * and links themselves, so it shows whatever shift its ledger row is in.
 */
export type Prepare = (sql: string) => StatementSync;

/** The counter's open shift: it owns the ledger entries after `afterEntry`. */
export interface OpenShift {
  shiftId: number;
  openedAt: number;
  afterEntry: number;
}

export interface ShiftWindow extends OpenShift {
  throughEntry: number;
}

/**
 * Where a report was read: the latest ledger entry and the latest link. A close freezes
 * figures read elsewhere only if neither moved since (see shift-store.ts).
 */
export interface ShiftCut {
  throughEntry: number;
  linksThrough: number;
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

/** How many lines a report lists; the count beyond is in the figures anyway. */
const listLimit = 500;

/**
 * Every statement of the report, by name, so query-plans.test.ts can pin each plan: none
 * sorts the shift's rows or reads another shift's.
 */
export const shiftReportSql = {
  openShift: `SELECT shift_id AS shiftId, opened_at AS openedAt, opened_after_entry AS afterEntry
    FROM shifts WHERE closed_at IS NULL`,
  latestEntry: 'SELECT coalesce(max(entry_id), 0) AS n FROM ledger',
  latestLink: 'SELECT coalesce(max(rowid), 0) AS n FROM links',
  /*
   * The one pass over the shift: the distinct group keys are walked through ledger_by_group
   * one seek each (a recursive skip scan), and each key's count and total are read from the
   * same index over the shift's entry range. SQLite's GROUP BY would sort every row of the
   * shift in a temporary B-tree first, which was most of a 100,000-entry report's time.
   * The walk costs one seek per key the ledger has ever held (the combinations of currency,
   * kind, brand and operator that occurred), whatever the length of the shift or history.
   */
  groups: `WITH RECURSIVE keys (key) AS (
      SELECT min(${ledgerGroupKey}) FROM ledger
      UNION ALL
      SELECT (SELECT min(${ledgerGroupKey}) FROM ledger WHERE ${ledgerGroupKey} > keys.key)
      FROM keys WHERE keys.key IS NOT NULL)
    SELECT key,
      (SELECT count(*) FROM ledger WHERE ${ledgerGroupKey} = keys.key
        AND entry_id > :after AND entry_id <= :through) AS n,
      (SELECT coalesce(sum(amount_minor), 0) FROM ledger WHERE ${ledgerGroupKey} = keys.key
        AND entry_id > :after AND entry_id <= :through) AS total
    FROM keys WHERE key IS NOT NULL`,
  /** An 'adopted' entry moves money only when its detail says so (taken or returned). */
  adopted: `SELECT currency, brand, operator_id AS operatorId, CASE json_extract(detail, '$.effect')
      WHEN 'taken' THEN amount_minor WHEN 'returned' THEN -amount_minor ELSE 0 END AS net
    FROM ledger WHERE kind = 'adopted' AND entry_id > :after AND entry_id <= :through`,
  late: `SELECT entry_id AS entryId, kind, record_id AS recordId, amount_minor AS amountMinor,
      currency, record_created_at AS recordCreatedAt
    FROM ledger WHERE entry_id > :after AND entry_id <= :through AND record_created_at < :openedAt
    ORDER BY entry_id LIMIT ${listLimit}`,
  /** The same WHERE as the journal's partial index attempts_in_doubt. */
  inDoubt: `SELECT a.attempt_id AS attemptId, a.merchant_reference_id AS merchantReferenceId,
      a.amount_minor AS amountMinor, a.currency, a.created_at AS createdAt,
      k.acknowledged_by AS acknowledgedBy, k.at IS NOT NULL AS acknowledged
    FROM attempts a
    LEFT JOIN shift_acknowledgements k ON k.shift_id = :shiftId AND k.attempt_id = a.attempt_id
    WHERE a.state = 'pay-sent' OR a.status = 'in-doubt' ORDER BY a.created_at`,
  /** Card holds standing now (the partial index attempts_holding), oldest first. */
  heldAttempts: `SELECT attempt_id AS recordId, amount_minor AS amountMinor, currency,
      coalesce(held_at, updated_at) AS heldAt
    FROM attempts INDEXED BY attempts_holding
    WHERE state IN ('authorized', 'capture-sent', 'release-sent') ORDER BY held_at`,
  /** Links whose customer authorized a hold that no capture, release or lapse has ended. */
  heldLinks: `SELECT l.link_id AS recordId, l.amount_minor AS amountMinor, l.currency,
      l.updated_at AS heldAt
    FROM links l INDEXED BY links_by_status
    WHERE l.status = 'held' AND NOT EXISTS (SELECT 1 FROM ledger e
      WHERE e.record_id = l.link_id AND e.kind IN ('capture', 'release', 'hold-expired'))
    ORDER BY l.created_at DESC, l.link_id DESC`,
  pendingLinks: `SELECT currency, amount_minor AS amountMinor
    FROM links INDEXED BY links_by_status WHERE status = 'pending'`,
  selfApproved: `SELECT entry_id AS entryId, record_id AS recordId, operator_id AS operatorId,
      amount_minor AS amountMinor, currency
    FROM ledger INDEXED BY ledger_by_kind
    WHERE kind = 'refund' AND entry_id > :after AND entry_id <= :through
      AND approver_id IS NOT NULL AND lower(approver_id) = lower(operator_id)
    ORDER BY entry_id LIMIT ${listLimit}`,
} as const;

const shiftRow = z.object({ shiftId: int, openedAt: int, afterEntry: int });

/** The open shift (one per counter, the partial unique index shifts_one_open), or null. */
export const readOpenShift = (prepare: Prepare): OpenShift | null => {
  const row = prepare(shiftReportSql.openShift).get();
  return row === undefined ? null : shiftRow.parse(row);
};

/** The latest ledger entry and link: the cut an X or Z report reads up to. */
export const readCut = (prepare: Prepare): ShiftCut => ({
  throughEntry: int.parse(prepare(shiftReportSql.latestEntry).get()?.n),
  linksThrough: int.parse(prepare(shiftReportSql.latestLink).get()?.n),
});

const groupRow = z.object({ key: z.string(), n: int, total });
const groupKeyParts = z.tuple([currencySchema, z.string(), z.string(), z.string(), z.string()]);

/** The group key back into its columns ('' was null; see journal step 13's ledgerGroupKey). */
function entryGroup(row: unknown): EntryGroup {
  const { key, n, total: sum } = groupRow.parse(row);
  const [currency, kind, source, brand, operator] = groupKeyParts.parse(key.split('\u001f'));
  return {
    currency,
    kind,
    source,
    brand: brand || null,
    operatorId: operator || null,
    n,
    total: sum,
  };
}

const groupedEntries = (prepare: Prepare, window: ShiftWindow): EntryGroup[] =>
  prepare(shiftReportSql.groups)
    .all({ after: window.afterEntry, through: window.throughEntry })
    .map(entryGroup)
    .filter((group) => group.n > 0);

const adoptedRow = z.object({
  currency: currencySchema,
  brand: z.string().nullable(),
  operatorId: z.string().nullable(),
  net: z.number().int(),
});

/**
 * The adopted orders of the window: what they moved per currency, and each as a sale (money
 * taken) or a refund (given back) of its brand and operator, so they count in those totals too.
 */
const adoptedEntries = (prepare: Prepare, window: ShiftWindow) => {
  const net = new Map<Currency, number>();
  const asGroups: EntryGroup[] = [];
  for (const row of prepare(shiftReportSql.adopted).all({
    after: window.afterEntry,
    through: window.throughEntry,
  })) {
    const entry = adoptedRow.parse(row);
    net.set(entry.currency, (net.get(entry.currency) ?? 0) + entry.net);
    if (entry.net === 0) continue;
    asGroups.push({
      currency: entry.currency,
      kind: entry.net > 0 ? 'sale' : 'refund',
      source: 'card',
      brand: entry.brand,
      operatorId: entry.operatorId,
      n: 1,
      total: Math.abs(entry.net),
    });
  }
  return { net, asGroups };
};

const lateRow = z.object({
  entryId: int,
  kind: z.string(),
  recordId: z.string(),
  amountMinor: total,
  currency: currencySchema,
  recordCreatedAt: int,
});

const inDoubtRow = z.object({
  attemptId: z.string(),
  merchantReferenceId: z.string(),
  amountMinor: total,
  currency: currencySchema,
  createdAt: int,
  acknowledgedBy: z.string().nullable(),
  acknowledged: z.coerce.boolean(),
});

/** Attempts whose money is in doubt now, with this shift's acknowledgement if given. */
export const inDoubtAttempts = (prepare: Prepare, shiftId: number) =>
  prepare(shiftReportSql.inDoubt)
    .all({ shiftId })
    .map((row) => inDoubtRow.parse(row));

const holdRow = z.object({
  recordId: z.string(),
  amountMinor: total,
  currency: currencySchema,
  heldAt: int,
});
const pendingRow = z.object({ currency: currencySchema, amountMinor: total });

/** Holds and pending links open now, per currency, and the holds as a list. */
function openNow(prepare: Prepare) {
  const holds = [
    ...prepare(shiftReportSql.heldAttempts).all(),
    ...prepare(shiftReportSql.heldLinks).all(),
  ].map((row) => holdRow.parse(row));
  const pending = prepare(shiftReportSql.pendingLinks)
    .all()
    .map((row) => pendingRow.parse(row));
  const byCurrency = new Map<Currency, OpenNow>();
  const add = (currency: Currency, pick: (line: OpenNow) => CountTotal, amountMinor: number) => {
    const line = byCurrency.get(currency) ?? {
      currency,
      linksPending: { count: 0, totalMinor: 0 },
      holdsOpen: { count: 0, totalMinor: 0 },
    };
    byCurrency.set(currency, line);
    pick(line).count += 1;
    pick(line).totalMinor += amountMinor;
  };
  for (const hold of holds) add(hold.currency, (line) => line.holdsOpen, hold.amountMinor);
  for (const link of pending) add(link.currency, (line) => line.linksPending, link.amountMinor);
  return { perCurrency: [...byCurrency.values()], holds: holds.slice(0, listLimit) };
}

const selfApprovedRow = z.object({
  entryId: int,
  recordId: z.string(),
  operatorId: z.string(),
  amountMinor: total,
  currency: currencySchema,
});

/** Every figure of an X or Z report for the window, read from the journal file alone. */
export const readShiftFigures = (prepare: Prepare, window: ShiftWindow): ShiftFigures => {
  const range = { after: window.afterEntry, through: window.throughEntry };
  const rows = groupedEntries(prepare, window);
  const open = openNow(prepare);
  const adopted = adoptedEntries(prepare, window);
  const withAdopted = [...rows, ...adopted.asGroups];
  return {
    currencies: currencyFigures(rows, adopted.net, open.perCurrency),
    byBrand: linesBy(withAdopted, (row) => row.brand).map(({ key, ...line }) => ({
      ...line,
      brand: key ?? 'unknown',
    })),
    byOperator: linesBy(withAdopted, (row) => row.operatorId).map(({ key, ...line }) => ({
      ...line,
      operatorId: key,
    })),
    lateEntries: prepare(shiftReportSql.late)
      .all({ ...range, openedAt: window.openedAt })
      .map((row) => lateRow.parse(row)),
    inDoubt: inDoubtAttempts(prepare, window.shiftId),
    holdsOpen: open.holds,
    selfApprovedRefunds: prepare(shiftReportSql.selfApproved)
      .all(range)
      .map((row) => selfApprovedRow.parse(row)),
  };
};
