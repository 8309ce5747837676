import type { SQLInputValue } from 'node:sqlite';
import { z } from 'zod';
import {
  linkFinalStatuses,
  linkViewSchema,
  type LinkOrder,
  type LinkStatus,
  type LinkView,
} from '../../../shared/ipc-links';
import type { CardBrand } from '../../../shared/card/brands';
import type { Clock } from '../ports';
import { assertNoCardData, storableText } from '../journal/card-data-guard';
import { JournalError } from '../platform/journal-error';
import { appendLedgerEntry } from '../journal/ledger';
import type { JournalEvent } from '../journal/journal';
import type { SqliteFile } from '../platform/statement-cache';
import { inTransaction } from '../platform/transaction';
import { createLinkHoldJournal, type LinkHoldJournal } from './link-hold-journal';

/** What is known once the gateway created the link. */
export interface NewLink {
  linkId: string;
  paymentIntentId: string;
  url: string;
  merchantReferenceId: string;
  amountMinor: number;
  currency: LinkView['currency'];
  description: string;
  phone: LinkView['phone'];
  email: string | null;
  authorizeOnly: boolean;
  gatewayStatus: string | null;
  expiresAt: number;
  createdAt: number;
  gatewayBaseUrl: string;
  merchantPublicKey: string;
  operatorId: string | null;
}

/** A link as the journal keeps it: the view plus where it was made (follow-ups go there). */
export interface LinkRecord extends LinkView {
  gatewayBaseUrl: string;
  merchantPublicKey: string;
  /** A held link's capture or release in doubt: before this, "still held" is no answer. */
  settleAfter: number | null;
}

/** The final outcome of a link: the order that paid or held it, or how it ended unpaid. */
export type LinkEnding =
  | { status: 'paid' | 'held'; gatewayStatus: string; order: LinkOrder; brand: CardBrand | null }
  | { status: 'expired' | 'cancelled'; gatewayStatus: string | null };

export interface LinkJournal {
  create(link: NewLink, event: JournalEvent): void;
  /** The link went out once more (SMS or email). */
  recordSent(linkId: string, event: JournalEvent): void;
  /** A change of the gateway's word that ends nothing (Pending → Incomplete after a decline). */
  recordGatewayStatus(linkId: string, gatewayStatus: string, event: JournalEvent): void;
  /**
   * Ends a pending link with its ledger row, once: false (and nothing written) when the link
   * already left `pending` (another poll, a restart or the Paid answer got there first) or
   * its order is already another link's.
   */
  settle(linkId: string, ending: LinkEnding, event: JournalEvent): boolean;
  get(linkId: string): LinkRecord | null;
  /** Newest first. */
  list(statuses: readonly LinkStatus[] | null, limit: number): LinkRecord[];
  /**
   * Newest first, the links whose merchant reference holds `text` anywhere (any case) or
   * whose amount is `amountMinor`: History's search reaching the payments taken by link.
   */
  find(match: LinkMatch, limit: number): LinkRecord[];
  /** Links still pending, oldest first: followed again at start-up. */
  pending(): LinkRecord[];
  events(linkId: string): { at: number; step: string; outcome: string }[];
  /** A held link's capture and release. */
  holds: LinkHoldJournal;
}

const insertColumns = `link_id, payment_intent_id, url, merchant_reference_id, amount_minor, currency,
  description, phone_country_code, phone_number, email, authorize_only, status, gateway_status,
  expires_at, sent_count, order_json, gateway_base_url, merchant_public_key, operator_id,
  created_at, updated_at`;
const columns = `${insertColumns}, hold_state, settle_after`;

/** How a held link's hold ended, when it did: it then reads as that status. */
const holdEndings = ['captured', 'released', 'hold-expired'] as const;
const heldStatusOf = (holdState: string | null): string =>
  holdEndings.find((ending) => ending === holdState) ?? 'held';
/** The status a row reads as, in SQL (History's status filter), the same as `heldStatusOf`. */
const shownStatus = `CASE WHEN status = 'held' AND hold_state IN
  (${holdEndings.map((ending) => `'${ending}'`).join(', ')}) THEN hold_state ELSE status END`;

/** What History's search looks for among links; a null field is not looked for. */
export interface LinkMatch {
  text: string | null;
  amountMinor: number | null;
}

const rowSchema = z.object({
  link_id: z.string(),
  payment_intent_id: z.string(),
  url: z.string(),
  merchant_reference_id: z.string(),
  amount_minor: z.number(),
  currency: z.string(),
  description: z.string(),
  phone_country_code: z.string().nullable(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
  authorize_only: z.number(),
  status: z.string(),
  gateway_status: z.string().nullable(),
  expires_at: z.number(),
  sent_count: z.number(),
  order_json: z.string().nullable(),
  gateway_base_url: z.string(),
  merchant_public_key: z.string(),
  operator_id: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
  hold_state: z.string().nullable(),
  settle_after: z.number().nullable(),
});

const toRecord = (raw: unknown): LinkRecord => {
  const row = rowSchema.parse(raw);
  const view = linkViewSchema.parse({
    linkId: row.link_id,
    paymentIntentId: row.payment_intent_id,
    url: row.url,
    merchantReferenceId: row.merchant_reference_id,
    amountMinor: row.amount_minor,
    currency: row.currency,
    description: row.description,
    phone:
      row.phone_number && row.phone_country_code
        ? { countryCode: row.phone_country_code, number: row.phone_number }
        : null,
    email: row.email,
    authorizeOnly: row.authorize_only === 1,
    status: row.status === 'held' ? heldStatusOf(row.hold_state) : row.status,
    gatewayStatus: row.gateway_status,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sentCount: row.sent_count,
    operatorId: row.operator_id,
    order: row.order_json === null ? null : (JSON.parse(row.order_json) as unknown),
    holdPhase:
      row.hold_state === 'capture-sent' || row.hold_state === 'release-sent'
        ? row.hold_state
        : null,
  });
  return {
    ...view,
    gatewayBaseUrl: row.gateway_base_url,
    merchantPublicKey: row.merchant_public_key,
    settleAfter: row.settle_after,
  };
};

const ledgerKinds = {
  paid: 'sale',
  held: 'hold',
  expired: 'link-expired',
  cancelled: 'link-cancelled',
} as const;

/**
 * Payment links in the journal file (migration 9), on the journal's own connection so a
 * link's ending and its ledger row commit together. Free text is masked as the attempts'
 * is; the merchant reference is refused if it could hold a card number.
 */
export function createLinkJournal({ db, prepare }: SqliteFile, clock: Clock): LinkJournal {
  const appendEvent = (linkId: string, event: JournalEvent) => {
    prepare(
      `INSERT INTO link_events (link_id, at, step, outcome, detail, operator)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(
      linkId,
      clock.now(),
      storableText(event.step, 64),
      storableText(event.outcome, 64),
      event.detail ? storableText(event.detail, 500) : null,
      event.operator ?? null,
    );
  };

  /** One UPDATE and its event, in a transaction; throws for an unknown link. */
  const update = (linkId: string, sql: string, values: SQLInputValue[], event: JournalEvent) =>
    inTransaction(db, () => {
      const changed = prepare(`UPDATE links SET ${sql}, updated_at = ? WHERE link_id = ?`).run(
        ...values,
        clock.now(),
        linkId,
      ).changes;
      if (Number(changed) === 0) throw new JournalError('unknown-attempt', 'No such link.');
      appendEvent(linkId, event);
    });

  const get = (linkId: string) => {
    const row = prepare(`SELECT ${columns} FROM links WHERE link_id = ?`).get(linkId);
    return row === undefined ? null : toRecord(row);
  };

  return {
    create(link, event) {
      assertNoCardData('merchantReferenceId', link.merchantReferenceId);
      inTransaction(db, () => {
        prepare(
          `INSERT INTO links (${insertColumns.replace('order_json, ', '')})
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, 0, ?, ?, ?, ?, ?)`,
        ).run(
          link.linkId,
          link.paymentIntentId,
          link.url,
          link.merchantReferenceId,
          link.amountMinor,
          link.currency,
          storableText(link.description, 200),
          link.phone?.countryCode ?? null,
          link.phone?.number ?? null,
          link.email,
          link.authorizeOnly ? 1 : 0,
          link.gatewayStatus,
          link.expiresAt,
          link.gatewayBaseUrl,
          link.merchantPublicKey,
          link.operatorId,
          link.createdAt,
          clock.now(),
        );
        appendEvent(link.linkId, event);
      });
    },

    recordSent: (linkId, event) => update(linkId, 'sent_count = sent_count + 1', [], event),

    recordGatewayStatus: (linkId, gatewayStatus, event) =>
      update(linkId, 'gateway_status = ?', [gatewayStatus], event),

    settle(linkId, ending, event) {
      return inTransaction(db, () => {
        const link = get(linkId);
        if (link === null) throw new JournalError('unknown-attempt', 'No such link.');
        if (link.status !== 'pending') return false;
        const order = 'order' in ending ? ending.order : null;
        if (order !== null) {
          const claimed = prepare('SELECT link_id FROM links WHERE order_id = ?').get(
            order.orderId,
          );
          if (claimed !== undefined) return false;
        }
        const changed = prepare(
          `UPDATE links SET status = ?, gateway_status = COALESCE(?, gateway_status),
             order_id = ?, order_json = ?, updated_at = ?
           WHERE link_id = ? AND status = 'pending'`,
        ).run(
          ending.status,
          ending.gatewayStatus,
          order?.orderId ?? null,
          order === null ? null : JSON.stringify(order),
          clock.now(),
          linkId,
        ).changes;
        if (Number(changed) === 0) return false;
        appendEvent(linkId, event);
        // The shared ledger: 'sale' or 'hold' for the customer's payment, or how it ended unpaid.
        appendLedgerEntry(prepare, clock.now(), {
          kind: ledgerKinds[ending.status],
          source: 'link',
          recordId: linkId,
          orderId: order?.orderId ?? null,
          merchantReferenceId: link.merchantReferenceId,
          amountMinor: link.amountMinor,
          currency: link.currency,
          brand: 'brand' in ending ? ending.brand : null,
          operatorId: link.operatorId,
          approverId: null,
          recordCreatedAt: link.createdAt,
          detail:
            ending.gatewayStatus === null
              ? null
              : JSON.stringify({ gatewayStatus: ending.gatewayStatus }),
        });
        return true;
      });
    },

    get,

    holds: createLinkHoldJournal({ db, prepare, clock, get, appendEvent }),

    list(statuses, limit) {
      const rows =
        statuses === null || statuses.length === 0
          ? prepare(
              `SELECT ${columns} FROM links ORDER BY created_at DESC, link_id DESC LIMIT ?`,
            ).all(limit)
          : prepare(
              `SELECT ${columns} FROM links WHERE ${shownStatus} IN (SELECT value FROM json_each(?))
               ORDER BY created_at DESC, link_id DESC LIMIT ?`,
            ).all(JSON.stringify(statuses), limit);
      return rows.map(toRecord);
    },

    // A scan of the links table: links are phone orders, a small table beside the attempts.
    find(match, limit) {
      return prepare(
        `SELECT ${columns} FROM links
         WHERE (:text IS NOT NULL AND instr(lower(merchant_reference_id), lower(:text)) > 0)
            OR amount_minor = :amountMinor
         ORDER BY created_at DESC, link_id DESC LIMIT :limit`,
      )
        .all({ text: match.text, amountMinor: match.amountMinor, limit })
        .map(toRecord);
    },

    pending: () =>
      prepare(`SELECT ${columns} FROM links WHERE status = 'pending' ORDER BY created_at`)
        .all()
        .map(toRecord),

    events: (linkId) =>
      prepare('SELECT at, step, outcome FROM link_events WHERE link_id = ? ORDER BY event_id')
        .all(linkId)
        .map((row) =>
          z.object({ at: z.number(), step: z.string(), outcome: z.string() }).parse(row),
        ),
  };
}

export const isFinalLinkStatus = (status: LinkStatus) => linkFinalStatuses.includes(status);
