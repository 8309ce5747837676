import type { Migration } from '../../platform/migrate';

export const shiftsAndZReports: Migration = {
  version: 8,
  name: 'shifts and Z reports',
  // A shift owns the ledger entries after `opened_after_entry` up to the Z's cut: cut by
  // entry_id, never by clock, so an outcome written after a Z counts in the next shift.
  // One open shift per counter (the partial unique index). A Z report's number is taken
  // in the transaction that closes the shift, so numbers have no gaps across crashes; the
  // triggers make written Z reports and closed shifts immutable in the file itself.
  sql: `
      CREATE TABLE shifts (
        shift_id INTEGER PRIMARY KEY,
        opened_at INTEGER NOT NULL,
        opened_after_entry INTEGER NOT NULL CHECK (opened_after_entry >= 0),
        closed_at INTEGER,
        closed_through_entry INTEGER,
        CHECK ((closed_at IS NULL) = (closed_through_entry IS NULL)),
        CHECK (closed_through_entry IS NULL OR closed_through_entry >= opened_after_entry)
      ) STRICT;
      CREATE UNIQUE INDEX shifts_one_open ON shifts ((closed_at IS NULL)) WHERE closed_at IS NULL;
      CREATE TRIGGER shifts_no_delete BEFORE DELETE ON shifts
      BEGIN SELECT RAISE(ABORT, 'shifts are never deleted'); END;
      CREATE TRIGGER shifts_closed_stay_closed BEFORE UPDATE ON shifts
        WHEN OLD.closed_at IS NOT NULL
      BEGIN SELECT RAISE(ABORT, 'a closed shift is immutable'); END;

      CREATE TABLE z_reports (
        z_number INTEGER PRIMARY KEY CHECK (z_number >= 1),
        shift_id INTEGER NOT NULL UNIQUE REFERENCES shifts (shift_id),
        closed_at INTEGER NOT NULL,
        closed_by TEXT,
        through_entry INTEGER NOT NULL,
        audit_head TEXT,
        report_json TEXT NOT NULL
      ) STRICT;
      CREATE TRIGGER z_reports_gapless BEFORE INSERT ON z_reports
        WHEN NEW.z_number <> (SELECT coalesce(max(z_number), 0) + 1 FROM z_reports)
      BEGIN SELECT RAISE(ABORT, 'Z report numbers have no gaps'); END;
      CREATE TRIGGER z_reports_no_update BEFORE UPDATE ON z_reports
      BEGIN SELECT RAISE(ABORT, 'a Z report is immutable'); END;
      CREATE TRIGGER z_reports_no_delete BEFORE DELETE ON z_reports
      BEGIN SELECT RAISE(ABORT, 'a Z report is immutable'); END;

      -- A supervisor's acknowledgement that an attempt in doubt may stay open through a Z.
      CREATE TABLE shift_acknowledgements (
        shift_id INTEGER NOT NULL REFERENCES shifts (shift_id),
        attempt_id TEXT NOT NULL,
        acknowledged_by TEXT,
        at INTEGER NOT NULL,
        PRIMARY KEY (shift_id, attempt_id)
      ) STRICT;
      CREATE TRIGGER shift_acknowledgements_no_change BEFORE UPDATE ON shift_acknowledgements
      BEGIN SELECT RAISE(ABORT, 'acknowledgements are append-only'); END;
      CREATE TRIGGER shift_acknowledgements_no_delete BEFORE DELETE ON shift_acknowledgements
      BEGIN SELECT RAISE(ABORT, 'acknowledgements are append-only'); END;

      -- The report's lists (open holds, adopted orders) and reconciliation's link matches.
      CREATE INDEX ledger_by_kind ON ledger (kind, entry_id);
      CREATE INDEX ledger_by_order ON ledger (lower(order_id)) WHERE order_id IS NOT NULL;
    `,
};
