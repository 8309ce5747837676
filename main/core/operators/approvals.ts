import type { Currency } from '../../../shared/money/currencies';
import { formatMinor, parseAmount } from '../../../shared/money/amount';
import type { AuditTrail } from '../audit/audit-trail';
import { CodedFailure } from '../coded-failure';
import { operatorFailure } from './operator-failure';
import type { OperatorAccounts } from './operator-accounts';
import { hasRole } from './permissions';
import type { SessionOperator } from './session';

export interface MoneyBackRequest {
  /** `capture` and `release` act on a hold; the amount is the amount held. */
  kind: 'refund' | 'void' | 'capture' | 'release';
  attemptId: string;
  amountMinor: number;
  currency: Currency;
  /** Masked (first 6, last 4) and the merchant reference, named in the audit row. */
  card?: string | null;
  reference?: string | null;
  approver?: { operatorId: string; secret: string };
}

/** Who approved: nobody needed, another supervisor, or the single admin themself (flagged). */
export type Approval =
  | { kind: 'none' }
  | { kind: 'approved'; approverId: string }
  | { kind: 'self-approved'; approverId: string };

/** Minor units of the threshold set for `currency`, or null when none is set. */
export function thresholdMinor(
  thresholds: Partial<Record<string, string>>,
  currency: Currency,
): number | null {
  const text = thresholds[currency];
  if (text === undefined) return null;
  const parsed = parseAmount(text, currency);
  return parsed.ok ? parsed.value : null;
}

/**
 * Supervisor approval on the spot: a cashier's refund or void, or anyone's above
 * the currency's threshold, needs a supervisor (or admin) to type their ID and PIN. Nobody
 * approves their own request; where no other supervisor or admin exists at all (a shop of
 * one admin), the request goes through as self-approved and the audit row is flagged for
 * the Z report.
 */
export async function approveMoneyBack(deps: {
  accounts: OperatorAccounts;
  audit: AuditTrail;
  requester: SessionOperator;
  thresholds: Partial<Record<string, string>>;
  request: MoneyBackRequest;
}): Promise<Approval> {
  const { accounts, audit, requester, request } = deps;
  const limit = thresholdMinor(deps.thresholds, request.currency);
  const overThreshold = limit !== null && request.amountMinor > limit;
  const hasRight = hasRole(requester.role, 'supervisor');
  if (hasRight && !overThreshold) return { kind: 'none' };

  return approveOnTheSpot({
    accounts,
    audit,
    requester,
    request: {
      kind: request.kind,
      subject: request.attemptId,
      detail: [
        `${formatMinor(request.amountMinor, request.currency)} ${request.currency}`,
        request.card ? `card=${request.card}` : null,
        request.reference ? `reference=${request.reference}` : null,
      ]
        .filter(Boolean)
        .join(' '),
      approver: request.approver,
    },
  });
}

/** What a supervisor approves on the spot, in the audit trail's words. */
export interface OnTheSpotRequest {
  /** e.g. `refund`, `in-doubt-acknowledgement`. */
  kind: string;
  subject: string;
  /** Plain facts for the audit row (an amount), never card data. */
  detail: string;
  approver?: { operatorId: string; secret: string };
}

/**
 * A second supervisor (or admin) types their ID and PIN at the counter (the approval dialog):
 * the requester never approves their own request; where no other supervisor or admin
 * exists at all (a shop of one admin) a requester with the right goes through as
 * self-approved, flagged for the Z report. Refunds past the rules above and in-doubt
 * acknowledgements both come here.
 */
export async function approveOnTheSpot(deps: {
  accounts: OperatorAccounts;
  audit: AuditTrail;
  requester: SessionOperator;
  request: OnTheSpotRequest;
}): Promise<Exclude<Approval, { kind: 'none' }>> {
  const { accounts, audit, requester, request } = deps;
  const hasRight = hasRole(requester.role, 'supervisor');
  const subject = request.subject;
  const otherApprovers = accounts
    .all()
    .filter(
      (o) =>
        !o.disabled &&
        hasRole(o.role, 'supervisor') &&
        o.operatorId.toLowerCase() !== requester.operatorId.toLowerCase(),
    );
  if (hasRight && otherApprovers.length === 0) {
    audit.record('self-approved', {
      operatorId: requester.operatorId,
      subject,
      detail: `${request.kind} ${request.detail} flag=z-report`,
    });
    return { kind: 'self-approved', approverId: requester.operatorId };
  }
  if (!request.approver) throw operatorFailure('approval-required');

  const typedApprover = () =>
    accounts.get(request.approver?.operatorId.trim() ?? '')?.operatorId ?? 'unknown-id';
  const refuse = (code: 'approval-refused' | 'self-approval', why: string) => {
    audit.record('approval-refused', {
      operatorId: requester.operatorId,
      subject,
      // The approver's ID only when it is one: a PIN typed into the ID field is not kept.
      detail: `${request.kind} approver=${typedApprover()} ${why}`,
    });
    return operatorFailure(code);
  };
  if (request.approver.operatorId.trim().toLowerCase() === requester.operatorId.toLowerCase()) {
    throw refuse('self-approval', 'own request');
  }
  let approver;
  try {
    approver = await accounts.check(
      request.approver.operatorId,
      request.approver.secret,
      'approval',
    );
  } catch (error) {
    // A locked-out approver is told so; any other miss reads as one refusal.
    if (error instanceof CodedFailure && error.code === 'operator-locked-out') throw error;
    throw refuse('approval-refused', 'wrong secret');
  }
  if (!hasRole(approver.role, 'supervisor')) throw refuse('approval-refused', 'role');
  audit.record('approval-granted', {
    operatorId: approver.operatorId,
    subject,
    detail: `${request.kind} ${request.detail} for=${requester.operatorId}`,
  });
  return { kind: 'approved', approverId: approver.operatorId };
}
