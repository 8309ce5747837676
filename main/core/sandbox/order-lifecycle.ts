import { randomBytes, randomInt } from 'node:crypto';
import { gatewayCodes, type GatewayCode } from './codes';
import type { SandboxEnvironment } from './operation-context';
import { transStatusOf } from './shapes/authentication-details-shape';
import type {
  AuthenticationStatus,
  DetailedStatus,
  OrderRecord,
  TransactionRecord,
  TransactionType,
} from './state';

const digits = (count: number): string =>
  Array.from({ length: count }, () => String(randomInt(10))).join('');

/** Reference numbers an acquirer gives an authorized transaction. */
export const authorizationNumbers = () => ({
  authorizationCode: digits(6),
  rrn: digits(12),
  stan: digits(6),
});

export interface NewTransaction {
  readonly type: TransactionType;
  readonly status: TransactionRecord['status'];
  readonly amountMinor: number;
  readonly code: GatewayCode;
  readonly acquirerCode: string;
  readonly acquirerMessage: string;
  readonly parentId?: string | null;
  readonly authorized?: boolean;
}

/** Appends a transaction to the order, stamped with the sandbox clock. */
export const addTransaction = (
  env: SandboxEnvironment,
  order: OrderRecord,
  fields: NewTransaction,
): TransactionRecord => {
  env.readLag.willChange(order);
  const now = env.clock.now();
  const numbers = fields.authorized
    ? authorizationNumbers()
    : { authorizationCode: null, rrn: null, stan: null };
  const transaction: TransactionRecord = {
    id: env.uuid(),
    type: fields.type,
    status: fields.status,
    amountMinor: fields.amountMinor,
    source: order.source,
    code: fields.code,
    acquirerCode: fields.acquirerCode,
    acquirerMessage: fields.acquirerMessage,
    ...numbers,
    parentId: fields.parentId ?? null,
    correlationId: env.uuid(),
    paymentAttemptId: env.uuid(),
    createdAt: now,
    updatedAt: now,
  };
  order.transactions.push(transaction);
  order.updatedAt = now;
  return transaction;
};

const authenticationOutcomes: Record<
  AuthenticationStatus,
  { status: TransactionRecord['status']; code: GatewayCode; order: DetailedStatus; message: string }
> = {
  pending: {
    status: 'InProgress',
    code: gatewayCodes.challengeNotCompleted,
    order: 'Initiated',
    message: 'Challenge required',
  },
  passed: {
    status: 'Success',
    code: gatewayCodes.success,
    order: 'Authenticated',
    message: 'Authenticated',
  },
  failed: {
    status: 'Failed',
    code: gatewayCodes.authenticationFailed,
    order: 'AuthenticationFailed',
    message: 'Not authenticated',
  },
  cancelled: {
    status: 'Failed',
    code: gatewayCodes.challengeCancelled,
    order: 'AuthenticationFailed',
    message: 'Cancelled by cardholder',
  },
  rejected: {
    status: 'Failed',
    code: gatewayCodes.authenticationRejected,
    order: 'AuthenticationFailed',
    message: 'Rejected',
  },
};

/**
 * Moves the order's 3-D Secure to `status`: the order's detailed status, its Authentication
 * transaction (status, codes) and the issuer's authentication value follow in one place.
 */
export const setAuthentication = (
  env: SandboxEnvironment,
  order: OrderRecord,
  status: AuthenticationStatus,
): void => {
  env.readLag.willChange(order);
  const outcome = authenticationOutcomes[status];
  order.authentication = status;
  order.detailedStatus = outcome.order;
  order.authenticationValue = status === 'passed' ? randomBytes(20).toString('base64') : null;
  const transaction = order.transactions.find((t) => t.type === 'Authentication');
  if (transaction) {
    transaction.status = outcome.status;
    transaction.code = outcome.code;
    transaction.acquirerCode = transStatusOf(order);
    transaction.acquirerMessage = outcome.message;
    transaction.updatedAt = env.clock.now();
  }
  order.updatedAt = env.clock.now();
};

/**
 * An approved money transaction. `parentId` names the transaction it acts on: a Capture or
 * Reversal the authorization, a Refund the Pay or Capture that took the money.
 */
export const addApprovedTransaction = (
  env: SandboxEnvironment,
  order: OrderRecord,
  type: Exclude<TransactionType, 'Authentication'>,
  amountMinor: number,
  parentId: string | null = null,
): TransactionRecord =>
  addTransaction(env, order, {
    type,
    status: 'Success',
    amountMinor,
    code: gatewayCodes.success,
    acquirerCode: '00',
    acquirerMessage: 'Approved',
    parentId,
    authorized: true,
  });

/** The successful transaction of one of `types`, latest first (what a follow-up acts on). */
export const latestSuccess = (
  order: OrderRecord,
  types: readonly TransactionType[],
): TransactionRecord | null =>
  order.transactions.findLast((t) => types.includes(t.type) && t.status === 'Success') ?? null;
