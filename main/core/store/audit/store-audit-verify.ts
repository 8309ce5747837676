import type { DatabaseSync } from 'node:sqlite';
import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import type { AuditRow } from '../../../../shared/ipc-security';
import type { StoreAuditChain } from '../../../../shared/ipc-store-audit';
import { auditPublicKey, chainLink, genesisLink, signatureHolds } from '../../audit/audit-signing';
import type { StoreQueryable } from '../store-pool';
import {
  pinAuditKeys,
  recordSeenHead,
  storeAuditKeys,
  type PinnedAuditKey,
} from './audit-key-pins';

/** Rows read per query: one page in memory at a time, whatever the chain's length. */
const pageRows = 5_000;

/**
 * Signatures are checked every this many signed rows and at the head, not on every row: a
 * signature covers its row's link, which covers every row before it, so one that holds
 * proves everything up to it (checking each of 100,000 signatures would take about 15 s per
 * counter, at ~150 µs each). When one fails, the rows since the last that held are searched
 * (a change fails every signature after it) to name the first row that does not hold.
 */
const checkEvery = 1_000;

const rowSchema = z.object({
  seq: z.coerce.number().int(),
  at: z.coerce.number().int(),
  event: z.string(),
  operator_id: z.string().nullable(),
  subject: z.string().nullable(),
  detail: z.string().nullable(),
  mac: z.string(),
  sig: z.string().nullable(),
});

interface Signed {
  seq: number;
  link: string;
  sig: string;
}

/** The first row of `window` whose signature fails; null when its last one holds. */
function firstFailing(key: KeyObject | null, window: readonly Signed[]): number | null {
  const holds = (row: Signed) => key !== null && signatureHolds(key, row.seq, row.link, row.sig);
  const last = window.at(-1);
  if (last === undefined || holds(last)) return null;
  let low = 0;
  let high = window.length - 1;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (holds(window[middle]!)) low = middle + 1;
    else high = middle;
  }
  return window[low]!.seq;
}

type Walk = Pick<StoreAuditChain, 'rows' | 'unsignedRows' | 'head' | 'broken'>;

/**
 * Walks one counter's chain in the store from row 1 to `headSeq`, recomputing every link:
 * a missing row is a gap, a row from the pinned key's first signed row on without a
 * signature is `unsigned`, a signature that fails names the first row changed. Rows before
 * the first signed one are counted as unsigned: only the first signature vouches for them.
 * After the first fault the walk goes on to the head without further checks, so the head
 * (and its chain value as the store now holds it) is reported whatever broke before it.
 */
async function walkChain(
  db: StoreQueryable,
  counterId: string,
  headSeq: number,
  pinned: PinnedAuditKey | null,
): Promise<Walk> {
  const key = pinned === null ? null : auditPublicKey(pinned.publicKey);
  const firstSeq = pinned?.firstSeq ?? Number.POSITIVE_INFINITY;
  let link = genesisLink;
  let rows = 0;
  let unsignedRows = 0;
  let lastSeq = 0;
  let lastMac = '';
  let broken: Walk['broken'] = null;
  let window: Signed[] = [];
  const check = () => {
    const failing = firstFailing(key, window);
    window = [];
    if (failing !== null) broken ??= { seq: failing, reason: 'signature' };
  };
  for (let after = 0; after < headSeq;) {
    const page = await db.query(
      `SELECT seq, at, event, operator_id, subject, detail, mac, sig FROM store_audit
       WHERE counter_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq LIMIT ${pageRows}`,
      [counterId, after, headSeq],
    );
    for (const raw of page.rows) {
      const row = rowSchema.parse(raw);
      if (row.seq !== lastSeq + 1) broken ??= { seq: lastSeq + 1, reason: 'gap' };
      link = chainLink(link, {
        seq: row.seq,
        at: row.at,
        // Checked as stored: a changed event name fails its link like any other field.
        event: row.event as AuditRow['event'],
        operatorId: row.operator_id,
        subject: row.subject,
        detail: row.detail,
      });
      rows += 1;
      lastSeq = row.seq;
      lastMac = row.mac;
      if (row.seq < firstSeq) {
        unsignedRows += 1;
      } else if (row.sig === null) {
        broken ??= { seq: row.seq, reason: 'unsigned' };
      } else if (broken === null) {
        window.push({ seq: row.seq, link, sig: row.sig });
        if (window.length >= checkEvery) check();
      }
    }
    // `headSeq` is the highest row there: a page is empty only if rows went meanwhile.
    after = page.rows.length === 0 ? headSeq : lastSeq;
  }
  if (broken === null) check();
  const head = lastSeq === 0 ? null : { seq: lastSeq, link, mac: lastMac.slice(0, 16) };
  return { rows, unsignedRows, head, broken };
}

const counterRow = z.object({
  counter_id: z.string(),
  name: z.string(),
  head_seq: z.coerce.number().int().nullable(),
});

/**
 * Every counter's audit chain as the store holds it, checked from this counter against the
 * keys it pinned (docs/store.md, "Audit across counters"). `beforeMs` stops each chain at
 * its newest row written before then (the store end of day's heads); without it each chain
 * is checked to its head, and a head shorter than one this counter verified before is
 * reported as rows cut off the end. Read on the store thread.
 */
export async function verifyStoreAudit(
  db: StoreQueryable,
  security: DatabaseSync,
  options: { now: number; beforeMs?: number },
): Promise<StoreAuditChain[]> {
  const keys = await storeAuditKeys(db);
  const pins = pinAuditKeys(security, keys, options.now);
  const counters = await db.query(
    `SELECT c.counter_id, c.name,
       (SELECT max(seq) FROM store_audit a WHERE a.counter_id = c.counter_id
          AND ($1::bigint IS NULL OR a.at < $1)) AS head_seq
     FROM counters c ORDER BY c.counter_id`,
    [options.beforeMs ?? null],
  );
  const chains: StoreAuditChain[] = [];
  for (const raw of counters.rows) {
    const counter = counterRow.parse(raw);
    const published = keys.get(counter.counter_id);
    const pinned = pins.get(counter.counter_id) ?? null;
    const key: StoreAuditChain['key'] =
      pinned === null
        ? 'missing'
        : published?.publicKey === pinned.publicKey && published.firstSeq === pinned.firstSeq
          ? 'pinned'
          : 'changed';
    const walk = await walkChain(db, counter.counter_id, counter.head_seq ?? 0, pinned);
    let broken = walk.broken;
    if (options.beforeMs === undefined && pinned !== null && key === 'pinned' && broken === null) {
      const headSeq = walk.head?.seq ?? 0;
      if (headSeq < pinned.seenSeq) broken = { seq: headSeq + 1, reason: 'truncated' };
      else if (walk.head !== null) recordSeenHead(security, counter.counter_id, walk.head);
    }
    chains.push({
      counterId: counter.counter_id,
      counterName: counter.name,
      key,
      ...walk,
      broken,
    });
  }
  return chains;
}
