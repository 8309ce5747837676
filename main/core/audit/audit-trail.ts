import type { OperatorFailureCode } from '../../../shared/failures/operator-failures';
import type { AuditEventName, AuditRow, AuditVerdict } from '../../../shared/ipc-security';
import { CodedFailure } from '../coded-failure';
import { maskSensitiveText } from '../logging/redact';
import type { Clock } from '../ports';
import { genesisMac, headMac, rowMac, verifyChain, type ChainedRow } from './audit-chain';
import { chainLink, genesisLink, type AuditSigner } from './audit-signing';
import type { AuditQuery, AuditStore } from './audit-store';

export interface AuditEntry {
  operatorId?: string | null;
  subject?: string | null;
  detail?: string | null;
}

/** The security audit trail (PCI DSS 10.2): who did what, when; never a secret or card. */
export interface AuditTrail {
  record(event: AuditEventName, entry?: AuditEntry): AuditRow;
  /** Throws `audit-key-unprotected` where the OS never sealed the key (audit-key.ts). */
  verify(): AuditVerdict;
  search(query: AuditQuery): AuditRow[];
  /** Every row matching, oldest first, for the CSV export. */
  matching(query: Omit<AuditQuery, 'beforeSeq' | 'limit'>): AuditRow[];
  /** The chain's head as `seq:mac` (mac cut to 16 hex), recorded in each Z report. */
  headText(): string;
}

/**
 * Cut to the column's size, with any card-like number masked first: subjects and details
 * can hold what someone typed (an operator ID tried at sign-in), and a card number typed
 * there must not land in an append-only table that can never be cleaned.
 */
const bounded = (value: string | null | undefined, max: number) =>
  value === undefined || value === null ? null : maskSensitiveText(value).slice(0, max);

const withoutMac = ({ mac: _mac, link: _link, sig: _sig, ...row }: ChainedRow): AuditRow => row;

/**
 * The link of the newest row: stored on every row since signing began; before the first
 * signed row (just after the upgrade) it is worked out once from the rows themselves.
 */
function lastLink(store: AuditStore, last: ChainedRow | null): string {
  if (last === null) return genesisLink;
  if (last.link !== null) return last.link;
  let link = genesisLink;
  for (const row of store.rows()) link = chainLink(link, row);
  return link;
}

/**
 * Appends chained rows: each row's MAC covers the previous row's MAC and its own content,
 * and the head (newest row and MAC, under its own MAC) moves in the same transaction. With a
 * signer (the app always has one) each row also carries its public link and signature, so
 * other counters can check the chain (audit-signing.ts); without one, rows are written as
 * before signing began.
 */
export function createAuditTrail(deps: {
  store: AuditStore;
  key: Buffer;
  clock: Clock;
  signer?: AuditSigner;
}): AuditTrail {
  const { store, key, clock, signer } = deps;
  let last = store.last();
  let link = lastLink(store, last);
  return {
    record(event, entry = {}) {
      const row: AuditRow = {
        seq: (last?.seq ?? 0) + 1,
        at: clock.now(),
        event,
        operatorId: bounded(entry.operatorId, 32),
        subject: bounded(entry.subject, 200),
        detail: bounded(entry.detail, 500),
      };
      const mac = rowMac(key, last?.mac ?? genesisMac, row);
      const nextLink = chainLink(link, row);
      const chained = { ...row, mac, link: nextLink, sig: signer?.sign(row.seq, nextLink) ?? null };
      const head = { seq: row.seq, mac };
      store.append(chained, { ...head, headMac: headMac(key, head) });
      last = chained;
      link = nextLink;
      return row;
    },
    verify() {
      // The key was never sealed by the OS (audit-key.ts): whoever could edit the file could
      // have rebuilt the chain, so "intact" would be a claim nothing backs.
      if (store.sealedKey()?.protected === false) {
        throw new CodedFailure('audit-key-unprotected' satisfies OperatorFailureCode);
      }
      return verifyChain(key, store.rows(), store.head());
    },
    headText: () => (last ? `${last.seq}:${last.mac.slice(0, 16)}` : 'none'),
    search: (query) => store.search(query).map(withoutMac),
    matching(query) {
      const rows: AuditRow[] = [];
      let beforeSeq: number | null = null;
      for (;;) {
        const page = store.search({ ...query, beforeSeq, limit: 1000 });
        rows.push(...page.map(withoutMac));
        if (page.length < 1000) return rows.reverse();
        beforeSeq = page.at(-1)?.seq ?? null;
      }
    },
  };
}
