import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { brandSchema, currencySchema } from '../../../shared/ipc';
import type { CardBrand } from '../../../shared/card/brands';
import type { Currency } from '../../../shared/money/currencies';
import type { Clock } from '../ports';
import { assertCardParts, assertNoCardData, storableText } from './card-data-guard';
import { JournalError } from '../platform/journal-error';
import { statementCache } from '../platform/statement-cache';
import { inTransaction } from '../platform/transaction';

/**
 * Card checks: Initiate Authentication and the method page run while the card is
 * typed. `started` is written before Initiate leaves, `initiated` once the gateway named the
 * order; a check ends `used` (a sale continues it under the same id), `cancelled` (its order
 * cancelled at the gateway), `failed` (Initiate gave no order) or `abandoned` (nothing left
 * to cancel, or the gateway refused the Cancel).
 */
export const cardCheckStates = [
  'started',
  'initiated',
  'cancelling',
  'used',
  'cancelled',
  'failed',
  'abandoned',
] as const;
export type CardCheckState = (typeof cardCheckStates)[number];

/** States a crash can leave a check in: start-up reconciliation ends them. */
export const openCardCheckStates: readonly CardCheckState[] = [
  'started',
  'initiated',
  'cancelling',
];

const allowed: Record<CardCheckState, readonly CardCheckState[]> = {
  started: ['initiated', 'failed', 'cancelling', 'abandoned'],
  initiated: ['used', 'cancelling', 'abandoned'],
  cancelling: ['cancelled', 'abandoned'],
  used: [],
  cancelled: [],
  failed: [],
  abandoned: [],
};

export interface NewCardCheck {
  checkId: string;
  merchantReferenceId: string;
  amountMinor: number;
  currency: Currency;
  brand: CardBrand | null;
  first6: string;
  last4: string;
  sessionId: string;
  gatewayBaseUrl: string;
  merchantPublicKey: string;
  operatorId?: string | null;
  createdAt: number;
}

export interface CardCheckRecord extends NewCardCheck {
  state: CardCheckState;
  orderId: string | null;
  detail: string | null;
  updatedAt: number;
}

export interface CardCheckPatch {
  state: CardCheckState;
  orderId?: string;
  /** Why it ended, in a few words (the gateway's code, `replaced`, `expired`). */
  detail?: string | null;
}

export interface CardCheckJournal {
  open(check: NewCardCheck): void;
  /** Refuses a state change the table above does not allow. */
  update(checkId: string, patch: CardCheckPatch): void;
  get(checkId: string): CardCheckRecord | null;
  /** Checks a crash left open, oldest first. */
  unfinished(): CardCheckRecord[];
}

const id = z.string().min(1).max(64);
const newCheckSchema = z.object({
  checkId: id,
  merchantReferenceId: z.string().max(64),
  amountMinor: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  currency: currencySchema,
  brand: brandSchema.nullable(),
  first6: z.string(),
  last4: z.string(),
  sessionId: id,
  gatewayBaseUrl: z.string().max(500),
  merchantPublicKey: z.string().max(100),
  operatorId: z.string().min(1).max(32).nullish(),
  createdAt: z.number().int().nonnegative(),
});
const patchSchema = z.object({
  state: z.enum(cardCheckStates),
  orderId: id.optional(),
  detail: z
    .string()
    .transform((text) => storableText(text, 200))
    .nullish(),
});

const rowSchema = z
  .object({
    check_id: z.string(),
    merchant_reference_id: z.string(),
    amount_minor: z.number(),
    currency: currencySchema,
    brand: brandSchema.nullable(),
    first6: z.string(),
    last4: z.string(),
    state: z.enum(cardCheckStates),
    session_id: z.string(),
    order_id: z.string().nullable(),
    detail: z.string().nullable(),
    gateway_base_url: z.string(),
    merchant_public_key: z.string(),
    operator_id: z.string().nullable(),
    created_at: z.number(),
    updated_at: z.number(),
  })
  .transform((row): CardCheckRecord => ({
    checkId: row.check_id,
    merchantReferenceId: row.merchant_reference_id,
    amountMinor: row.amount_minor,
    currency: row.currency,
    brand: row.brand,
    first6: row.first6,
    last4: row.last4,
    state: row.state,
    sessionId: row.session_id,
    orderId: row.order_id,
    detail: row.detail,
    gatewayBaseUrl: row.gateway_base_url,
    merchantPublicKey: row.merchant_public_key,
    operatorId: row.operator_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));

const parseInput = <T extends z.ZodType>(schema: T, input: unknown): z.output<T> => {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  // Paths only: an issue's message could echo what it refused.
  const paths = [...new Set(result.error.issues.map((issue) => issue.path.join('.')))];
  throw new JournalError('invalid-attempt', `Invalid card check: ${paths.join(', ')}.`);
};

const columns = `check_id, merchant_reference_id, amount_minor, currency, brand, first6, last4,
  state, session_id, order_id, detail, gateway_base_url, merchant_public_key, operator_id,
  created_at, updated_at`;
const openList = openCardCheckStates.map((state) => `'${state}'`).join(', ');

/** The card check table over the journal's open, migrated connection. */
export function createCardCheckJournal(db: DatabaseSync, clock: Clock): CardCheckJournal {
  const prepare = statementCache(db);
  const get = (checkId: string) => {
    const row = prepare(`SELECT ${columns} FROM card_checks WHERE check_id = ?`).get(checkId);
    return row === undefined ? null : rowSchema.parse(row);
  };
  return {
    open(check) {
      const checked = parseInput(newCheckSchema, check);
      assertCardParts(checked.first6, checked.last4);
      assertNoCardData('merchantReferenceId', checked.merchantReferenceId);
      // A card check never moves money: its writes reach the disk with the next durable one.
      const insert = prepare(
        `INSERT INTO card_checks (${columns}) VALUES (:checkId, :reference, :amountMinor,
           :currency, :brand, :first6, :last4, 'started', :sessionId, NULL, NULL,
           :gatewayBaseUrl, :merchantPublicKey, :operatorId, :createdAt, :updatedAt)`,
      );
      const values = {
        checkId: checked.checkId,
        reference: checked.merchantReferenceId,
        amountMinor: checked.amountMinor,
        currency: checked.currency,
        brand: checked.brand,
        first6: checked.first6,
        last4: checked.last4,
        sessionId: checked.sessionId,
        gatewayBaseUrl: checked.gatewayBaseUrl,
        merchantPublicKey: checked.merchantPublicKey,
        operatorId: checked.operatorId ?? null,
        createdAt: checked.createdAt,
        updatedAt: clock.now(),
      };
      inTransaction(db, () => insert.run(values), 'with-next');
    },
    update(checkId, patch) {
      const checked = parseInput(patchSchema, patch);
      inTransaction(
        db,
        () => {
          const before = get(checkId);
          if (!before) throw new JournalError('unknown-attempt', 'No such card check.');
          if (!allowed[before.state].includes(checked.state)) {
            throw new JournalError(
              'invalid-transition',
              `No card check transition from ${before.state} to ${checked.state}.`,
            );
          }
          prepare(
            `UPDATE card_checks SET state = :state, order_id = coalesce(:orderId, order_id),
             detail = :detail, updated_at = :now WHERE check_id = :checkId`,
          ).run({
            state: checked.state,
            orderId: checked.orderId ?? null,
            detail: checked.detail ?? before.detail,
            now: clock.now(),
            checkId,
          });
        },
        'with-next',
      );
    },
    get,
    unfinished: () =>
      prepare(`SELECT ${columns} FROM card_checks WHERE state IN (${openList}) ORDER BY created_at`)
        .all()
        .map((row) => rowSchema.parse(row)),
  };
}
