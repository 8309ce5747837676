import { brandSchema } from '../../../shared/ipc';
import type { Difference, Reconciliation, ShiftReport } from '../../../shared/ipc-shifts';
import type { AuditTrail } from '../audit/audit-trail';
import type { QueryRunner } from '../platform/reader-query';
import type { ShiftQueries } from './reader-queries';
import { insertAdoptedAttempt } from '../journal/adopted-attempt';
import { appendLedgerEntry } from '../journal/ledger';
import type { FoundOn } from './gateway-search';
import { openDatabase } from '../platform/open-database';
import { statementCache } from '../platform/statement-cache';
import { inTransaction } from '../platform/transaction';
import type { Clock } from '../ports';
import { reconcile, type SearchOrders } from './reconcile';
import { createShiftStore, ShiftError } from './shift-store';

export interface ShiftServiceDeps {
  /** The journal file (already migrated by openJournal). */
  path: string;
  clock: Clock;
  audit: AuditTrail;
  /** The gateway's order search for this mode (gateway-search.ts). */
  search: SearchOrders;
  /** The mode's journal reader thread: every report read runs there. */
  reader: QueryRunner<ShiftQueries>;
  /** The gateway and merchant key the search uses now (null: not usable). */
  binding: () => Promise<FoundOn | null>;
}

/** Reads of a Z's figures on the reader thread before the close reads them itself. */
const closeTries = 3;

/**
 * Shifts, X and Z reports and reconciliation for one journal. Reports are read
 * on the journal reader thread (reader-queries/shift-report.ts, z-report.ts, z-reports.ts),
 * so a 100,000-entry shift never holds up a sale; closing, acknowledging and adopting write
 * through the shift store's own connection, one transaction each.
 */
export function createShiftService(deps: ShiftServiceDeps) {
  const { clock, audit } = deps;
  const writer = openDatabase(deps.path);
  const store = createShiftStore(writer);
  store.current(clock.now());

  // The latest reconciliation's differences by order id: a supervisor adopts one of these,
  // never a difference the renderer describes.
  let differences = new Map<string, Difference>();
  // Where those differences' orders were found: an adopted order's refunds go there.
  let foundOn: FoundOn | null = null;
  // The open shift's latest reconciliation: an X printed or saved later says what the screen
  // said, instead of "not reconciled" because the output did not page the gateway again.
  let latest: { shiftId: number; reconciliation: Reconciliation } | null = null;

  /** Where the open shift's reconciliation starts: earlier while a Z left something open. */
  const windowStart = async (openedAt: number): Promise<number> => {
    const [last] = await deps.reader.query('z-reports', { limit: 1 });
    const z = last ? await deps.reader.query('z-report', { zNumber: last.zNumber }) : null;
    if (!z) return openedAt;
    const r = z.reconciliation;
    // Not reconciled at close: that shift's orders were never compared, so compare them now.
    if (r.state === 'not-reconciled') return Math.min(openedAt, r.from ?? z.openedAt);
    const open = r.differences.filter((d) => !d.adopted);
    const since = open.map((d) => d.createdAt ?? r.from ?? z.openedAt);
    return Math.min(openedAt, ...since);
  };

  const reconcileShift = async (shiftId: number, openedAt: number): Promise<Reconciliation> => {
    const from = await windowStart(openedAt);
    const binding = await deps.binding();
    const result = await reconcile({
      search: deps.search,
      match: (orders, window) =>
        deps.reader.query('reconcile-orders', { orders: [...orders], window }),
      window: { from, until: clock.now() },
      now: () => clock.now(),
    });
    if (result.state === 'reconciled') {
      foundOn = binding;
      differences = new Map(
        result.differences.flatMap((d) => (d.orderId ? [[d.orderId.toLowerCase(), d]] : [])),
      );
    }
    const reconciliation = { ...result, from };
    latest = { shiftId, reconciliation };
    return reconciliation;
  };

  /** The open shift's report read up to the latest ledger entry (an X report). */
  const readReport = async (reconciliation: Reconciliation) => {
    const read = await deps.reader.query('shift-report', {});
    const report: ShiftReport = {
      kind: 'X',
      zNumber: null,
      shiftId: read.shift.shiftId,
      openedAt: read.shift.openedAt,
      reportedAt: clock.now(),
      closedBy: null,
      afterEntry: read.shift.afterEntry,
      throughEntry: read.cut.throughEntry,
      ...read.figures,
      reconciliation,
      auditHead: null,
    };
    return { report, cut: read.cut };
  };

  /** A new reconciliation, or the open shift's latest (with adoptions since), or "not tried". */
  const reconcileOrNot = async (reconcile: boolean): Promise<Reconciliation> => {
    const shift = store.current(clock.now());
    if (reconcile) return reconcileShift(shift.shiftId, shift.openedAt);
    if (latest?.shiftId !== shift.shiftId) {
      return { state: 'not-reconciled', at: clock.now(), reason: 'not-asked' };
    }
    const r = latest.reconciliation;
    return r.state === 'reconciled'
      ? {
          ...r,
          differences: r.differences.map((d) =>
            d.orderId ? (differences.get(d.orderId.toLowerCase()) ?? d) : d,
          ),
        }
      : r;
  };

  const xReport = async (options: { reconcile: boolean }): Promise<ShiftReport> =>
    (await readReport(await reconcileOrNot(options.reconcile))).report;

  return {
    xReport,

    /**
     * Closes the open shift with a Z report: reconciled first (or marked not reconciled),
     * refused while an attempt is in doubt without a supervisor's acknowledgement. The
     * figures are read on the reader thread and frozen by the close if the journal did not
     * move meanwhile, else read again (shift-store.ts says why). The Z and its number are in
     * the audit trail, and the trail's head is in the Z.
     */
    async closeShift(closedBy: string | null): Promise<ShiftReport> {
      const reconciliation = await reconcileOrNot(true);
      let z: ShiftReport | 'moved' = 'moved';
      for (let attempt = 1; z === 'moved'; attempt += 1) {
        const { report, cut } = await readReport(reconciliation);
        z = store.close({
          shiftId: report.shiftId,
          report,
          cut,
          readHereIfMoved: attempt >= closeTries,
          closedBy,
          auditHead: audit.headText(),
          now: clock.now(),
        });
      }
      audit.record('z-report-closed', {
        operatorId: closedBy,
        subject: `Z ${z.zNumber}`,
        detail: `shift=${z.shiftId} entries=${z.afterEntry + 1}-${z.throughEntry} head=${z.auditHead}`,
      });
      return z;
    },

    /** The attempt's in-doubt line in the open shift; refused when it is not in doubt. */
    inDoubtLine: (attemptId: string) =>
      store.inDoubtLine(store.current(clock.now()).shiftId, attemptId),

    /** A supervisor lets an attempt in doubt stay open through this shift's Z. */
    acknowledge(attemptId: string, by: string | null): void {
      const shift = store.current(clock.now());
      store.acknowledge(shift.shiftId, attemptId, by, clock.now());
      audit.record('in-doubt-acknowledged', {
        operatorId: by,
        subject: attemptId,
        detail: `shift=${shift.shiftId}`,
      });
    },

    /**
     * Takes the gateway's state for one difference: an 'adopted' ledger entry (its detail
     * says what the gateway showed and what it does to the money) and an audit row. A paid
     * order the journal lacked also becomes a paid attempt marked as adopted, so History
     * lists it and it can be refunded like any sale; the ledger entry alone counts its money.
     */
    adopt(orderId: string, by: string | null): void {
      const difference = differences.get(orderId.toLowerCase());
      if (!difference || difference.adopted) {
        throw new ShiftError(
          'not-adoptable',
          'Reconcile again: no open difference for this order.',
        );
      }
      const detail = JSON.stringify({
        gatewayStatus: difference.gatewayStatus,
        journalKind: difference.journalKind,
        difference: difference.kind,
        effect: difference.effect,
      });
      const prepare = statementCache(writer);
      const brand = brandSchema.safeParse(difference.brand).data ?? null;
      const now = clock.now();
      inTransaction(writer, () => {
        // A paid order the journal never had becomes a paid attempt (History, refunds), in
        // the same transaction as the ledger entry that counts its money once.
        const attemptId =
          difference.kind === 'gateway-only' &&
          difference.effect === 'taken' &&
          difference.maskedCard !== null &&
          foundOn !== null
            ? insertAdoptedAttempt(prepare, {
                orderId,
                merchantReferenceId: (difference.merchantReferenceId ?? '').slice(0, 64),
                amountMinor: difference.gatewayAmountMinor ?? difference.effectMinor,
                refundedMinor: (difference.gatewayAmountMinor ?? 0) - difference.effectMinor,
                currency: difference.currency,
                brand,
                maskedCard: difference.maskedCard,
                createdAt: difference.createdAt ?? now,
                gatewayBaseUrl: foundOn.baseUrl,
                merchantPublicKey: foundOn.merchantPublicKey,
                adoptedBy: by,
                adoptedAt: now,
              })
            : null;
        appendLedgerEntry(prepare, now, {
          kind: 'adopted',
          source: 'card',
          recordId: attemptId ?? difference.attemptId ?? orderId,
          orderId,
          merchantReferenceId: (difference.merchantReferenceId ?? '').slice(0, 64),
          amountMinor: difference.effectMinor,
          currency: difference.currency,
          // The card's brand as the gateway named it, so the adopted money counts in its brand.
          brand,
          operatorId: by,
          approverId: by,
          recordCreatedAt: now,
          detail,
        });
      });
      differences.set(orderId.toLowerCase(), { ...difference, adopted: true });
      audit.record('reconciliation-adopted', { operatorId: by, subject: orderId, detail });
    },

    /** The ledger entries of an X report's or a Z's range, one per payment event. */
    payments: ({ afterEntry, throughEntry }: { afterEntry: number; throughEntry: number }) =>
      deps.reader.query('shift-payments', { afterEntry, throughEntry }),

    zReport: (zNumber: number) => deps.reader.query('z-report', { zNumber }),
    zReports: () => deps.reader.query('z-reports', { limit: 200 }),

    close(): void {
      if (writer.isOpen) writer.close();
    },
  };
}

export type ShiftService = ReturnType<typeof createShiftService>;
