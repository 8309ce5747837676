import type { DatabaseSync, SQLInputValue, SQLOutputValue } from 'node:sqlite';
import { z } from 'zod';
import { auditEventNameSchema } from '../../../shared/ipc-security';
import { inTransaction } from '../platform/transaction';
import type { ChainedRow } from './audit-chain';
import type { AuditStore } from './audit-store';

const rowSchema = z
  .object({
    seq: z.number().int(),
    at: z.number().int(),
    event: z.string(),
    operator_id: z.string().nullable(),
    subject: z.string().nullable(),
    detail: z.string().nullable(),
    mac: z.string(),
    link: z.string().nullable(),
    sig: z.string().nullable(),
  })
  .transform((row): ChainedRow => ({
    seq: row.seq,
    at: row.at,
    // An unknown event name is kept as found (the MAC then fails on it, if it was edited);
    // the screens show it raw.
    event: auditEventNameSchema.safeParse(row.event).data ?? (row.event as ChainedRow['event']),
    operatorId: row.operator_id,
    subject: row.subject,
    detail: row.detail,
    mac: row.mac,
    link: row.link,
    sig: row.sig,
  }));

const parse = (row: unknown) => rowSchema.parse(row);

/** The AuditStore over security.sqlite. */
export function createSqliteAuditStore(db: DatabaseSync): AuditStore {
  const insert = db.prepare(
    `INSERT INTO audit (seq, at, event, operator_id, subject, detail, mac, link, sig)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const setHead = db.prepare(
    `INSERT INTO audit_head (id, seq, mac, head_mac) VALUES (1, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, mac = excluded.mac,
       head_mac = excluded.head_mac`,
  );
  return {
    last() {
      const row = db.prepare('SELECT * FROM audit ORDER BY seq DESC LIMIT 1').get();
      return row === undefined ? null : parse(row);
    },
    append(row, head) {
      inTransaction(db, () => {
        insert.run(
          row.seq,
          row.at,
          row.event,
          row.operatorId,
          row.subject,
          row.detail,
          row.mac,
          row.link,
          row.sig,
        );
        setHead.run(head.seq, head.mac, head.headMac);
      });
    },
    head() {
      const row = db.prepare('SELECT seq, mac, head_mac FROM audit_head WHERE id = 1').get();
      if (row === undefined) return null;
      return { seq: Number(row.seq), mac: String(row.mac), headMac: String(row.head_mac) };
    },
    *rows() {
      // Pages of rows, not one statement step per row: Verify reads every row, and node:sqlite
      // hands over a page in one call far faster than it steps (100,000 rows: the difference
      // between missing and meeting Verify's budget). Only one page sits in memory at a time.
      // Rows are taken as stored (STRICT columns) without the screens' schema: any value
      // changed by hand fails its MAC anyway.
      // Read as arrays: SQLite hands over an array for less than an object with named keys.
      const page = db.prepare(
        `SELECT seq, at, event, operator_id, subject, detail, mac, link, sig
         FROM audit WHERE seq > ? ORDER BY seq LIMIT 5000`,
      );
      page.setReturnArrays(true);
      for (let after = -Infinity; ;) {
        const rows = page.all(after) as unknown as SQLOutputValue[][];
        for (const [seq, at, event, operatorId, subject, detail, mac, link, sig] of rows) {
          yield {
            seq: Number(seq),
            at: Number(at),
            event: String(event) as ChainedRow['event'],
            operatorId: operatorId === null ? null : String(operatorId),
            subject: subject === null ? null : String(subject),
            detail: detail === null ? null : String(detail),
            mac: String(mac),
            link: link === null ? null : String(link),
            sig: sig === null ? null : String(sig),
          };
        }
        if (rows.length < 5000) return;
        after = Number(rows.at(-1)?.[0]);
      }
    },
    search({ operatorId, events, beforeSeq, limit }) {
      const clauses: string[] = [];
      const params: SQLInputValue[] = [];
      if (operatorId) {
        clauses.push('operator_id = ? COLLATE NOCASE');
        params.push(operatorId);
      }
      if (events && events.length > 0) {
        clauses.push(`event IN (${events.map(() => '?').join(', ')})`);
        params.push(...events);
      }
      if (beforeSeq !== null) {
        clauses.push('seq < ?');
        params.push(beforeSeq);
      }
      const where = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
      return db
        .prepare(`SELECT * FROM audit ${where} ORDER BY seq DESC LIMIT ?`)
        .all(...params, limit)
        .map(parse);
    },
    sealedKey() {
      const row = db.prepare('SELECT sealed, protected FROM audit_key WHERE id = 1').get();
      if (row === undefined) return null;
      return { sealed: String(row.sealed), protected: Number(row.protected) === 1 };
    },
    saveSealedKey(sealed, isProtected) {
      db.prepare('INSERT INTO audit_key (id, sealed, protected) VALUES (1, ?, ?)').run(
        sealed,
        isProtected ? 1 : 0,
      );
    },
    signingKey() {
      const row = db
        .prepare('SELECT sealed, protected, public_key, first_seq FROM audit_signing_key')
        .get();
      if (row === undefined) return null;
      return {
        sealed: String(row.sealed),
        protected: Number(row.protected) === 1,
        publicKey: String(row.public_key),
        firstSeq: Number(row.first_seq),
      };
    },
    saveSigningKey(key) {
      db.prepare(
        `INSERT INTO audit_signing_key (id, sealed, protected, public_key, first_seq)
         VALUES (1, ?, ?, ?, ?)`,
      ).run(key.sealed, key.protected ? 1 : 0, key.publicKey, key.firstSeq);
    },
  };
}
