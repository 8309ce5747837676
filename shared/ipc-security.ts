import { z } from 'zod';
import { currencies } from './money/currencies';

/**
 * The contract's operator, session and audit channels, spread into `ipcContract`
 * in shared/ipc.ts. Kept in their own file so the payment channels and these evolve apart.
 */

const text = (max: number) => z.string().max(max);

export const roleSchema = z.enum(['cashier', 'supervisor', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** Letters, digits, dot, dash, underscore: typed at the counter, printed in the audit. */
export const operatorIdSchema = z
  .string()
  .min(2)
  .max(32)
  .regex(/^[A-Za-z0-9._-]+$/);

/** A PIN (6 to 12 digits) or a password (8 to 128 characters); main tells which is which. */
export const secretSchema = text(128);

export const sessionOperatorSchema = z.object({
  operatorId: text(32),
  displayName: text(80),
  role: roleSchema,
});

export const refundThresholdsSchema = z.partialRecord(z.enum(currencies), text(24));

export const sessionStateSchema = z.object({
  operatorsEnabled: z.boolean(),
  /** Live mode without operators: the first admin must be created before anything else. */
  setupRequired: z.boolean(),
  /** Who is signed in (also while locked, so the lock screen can say whose session it is). */
  operator: sessionOperatorSchema.nullable(),
  locked: z.boolean(),
  idleMinutes: z.number().int().min(1).max(240),
  refundThresholds: refundThresholdsSchema,
});
export type SessionState = z.infer<typeof sessionStateSchema>;

export const operatorViewSchema = z.object({
  operatorId: text(32),
  displayName: text(80),
  role: roleSchema,
  credential: z.enum(['pin', 'password']),
  disabled: z.boolean(),
  /** Epoch ms until which five wrong tries lock the operator out; null when not locked. */
  lockedUntil: z.number().int().nullable(),
});
export type OperatorView = z.infer<typeof operatorViewSchema>;

export const newOperatorSchema = z.strictObject({
  operatorId: operatorIdSchema,
  displayName: z.string().trim().min(1).max(80),
  role: roleSchema,
  secret: secretSchema,
});

/** Who approves a refund or void on the spot: their ID and PIN, typed into the dialog. */
export const approverSchema = z.strictObject({ operatorId: text(32), secret: secretSchema });

export const auditEventNames = [
  'app-started',
  'sign-in',
  'sign-in-failed',
  'lockout',
  'unlock',
  'lock',
  'sign-out',
  'sale-started',
  'sale-ended',
  'refund-requested',
  'void-requested',
  'approval-granted',
  'approval-refused',
  'self-approved',
  'refund-ended',
  'void-ended',
  'settings-changed',
  'credentials-changed',
  'history-exported',
  'audit-exported',
  'operators-enabled',
  'operators-disabled',
  'operator-created',
  'operator-changed',
  'operator-disabled',
  'operator-settings-changed',
  // ── holds ──
  'capture-requested',
  'capture-ended',
  'release-requested',
  'release-ended',
  // Store mode: another counter's claim on this counter's payment that the gateway does not show.
  'claim-unconfirmed',
  // Shifts, reports and reconciliation.
  'in-doubt-acknowledged',
  'z-report-closed',
  'report-printed',
  'reconciliation-adopted',
  // A new sale stopped by a payment in doubt with the same card and amount, and the choice.
  'same-card-stopped',
  'same-card-charge-again',
  'same-card-not-charged',
  // The customers directory: a customer or one saved card deleted at our side.
  'customer-deleted',
  'saved-card-removed',
] as const;
export const auditEventNameSchema = z.enum(auditEventNames);
export type AuditEventName = z.infer<typeof auditEventNameSchema>;

export const auditRowSchema = z.object({
  seq: z.number().int().positive(),
  at: z.number().int(),
  event: auditEventNameSchema,
  operatorId: text(32).nullable(),
  /** What the event is about: an attempt id, an operator id, a settings field list. */
  subject: text(200).nullable(),
  detail: text(500).nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditFiltersSchema = z.strictObject({
  operatorId: text(32).optional(),
  events: z.array(auditEventNameSchema).max(auditEventNames.length).optional(),
});

export const auditVerdictSchema = z.object({
  rows: z.number().int().nonnegative(),
  /** The first row that does not verify, and why; null when the whole chain holds. */
  broken: z
    .object({
      seq: z.number().int().nonnegative(),
      reason: z.enum(['mac', 'gap', 'order', 'truncated', 'head']),
    })
    .nullable(),
});
export type AuditVerdict = z.infer<typeof auditVerdictSchema>;

const empty = z.strictObject({});

export const securityChannels = {
  sessionState: { channel: 'session:state', request: empty, response: sessionStateSchema },
  sessionSignIn: {
    channel: 'session:sign-in',
    request: z.strictObject({ operatorId: text(32), secret: secretSchema }),
    response: sessionStateSchema,
  },
  sessionLock: { channel: 'session:lock', request: empty, response: sessionStateSchema },
  sessionSignOut: { channel: 'session:sign-out', request: empty, response: sessionStateSchema },
  /** The renderer saw the operator type or click: the idle clock starts again. */
  sessionTouch: { channel: 'session:touch', request: empty, response: sessionStateSchema },
  operatorsEnable: {
    channel: 'operators:enable',
    request: newOperatorSchema.omit({ role: true }),
    response: sessionStateSchema,
  },
  operatorsDisable: { channel: 'operators:disable', request: empty, response: sessionStateSchema },
  operatorsList: {
    channel: 'operators:list',
    request: empty,
    response: z.object({ operators: z.array(operatorViewSchema) }),
  },
  /** Display names by operator ID, for History's Operator column. */
  operatorsDirectory: {
    channel: 'operators:directory',
    request: empty,
    response: z.object({ names: z.record(z.string(), text(80)) }),
  },
  operatorsCreate: {
    channel: 'operators:create',
    request: newOperatorSchema,
    response: operatorViewSchema,
  },
  operatorsUpdate: {
    channel: 'operators:update',
    request: z.strictObject({
      operatorId: text(32),
      displayName: z.string().trim().min(1).max(80).optional(),
      role: roleSchema.optional(),
      secret: secretSchema.optional(),
      disabled: z.boolean().optional(),
    }),
    response: operatorViewSchema,
  },
  operatorsUnlock: {
    channel: 'operators:unlock',
    request: z.strictObject({ operatorId: text(32) }),
    response: operatorViewSchema,
  },
  operatorsConfigure: {
    channel: 'operators:configure',
    request: z.strictObject({
      idleMinutes: z.number().int().min(1).max(240).optional(),
      refundThresholds: refundThresholdsSchema.optional(),
    }),
    response: sessionStateSchema,
  },
  auditSearch: {
    channel: 'audit:search',
    request: z.strictObject({
      filters: auditFiltersSchema,
      /** Rows older than this sequence number (the last row of the previous page). */
      beforeSeq: z.number().int().positive().nullable(),
      limit: z.number().int().min(1).max(200),
    }),
    response: z.object({ rows: z.array(auditRowSchema), more: z.boolean() }),
  },
  auditVerify: { channel: 'audit:verify', request: empty, response: auditVerdictSchema },
  auditExport: {
    channel: 'audit:export',
    request: z.strictObject({ filters: auditFiltersSchema }),
    response: z.object({ path: text(1000).nullable(), rows: z.number().int().nonnegative() }),
  },
} as const;

export const securityEvents = {
  /** Signed in, locked (by Ctrl+L or the idle clock), signed out, operators switched on. */
  sessionChanged: { channel: 'session:changed', payload: sessionStateSchema },
} as const;
