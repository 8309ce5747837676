import type { OperatorAccounts } from './operator-accounts';

/**
 * The receipt's "served by": the operator's first name only (a customer needs no more, and
 * a full name on paper handed out is more than the operator agreed to share), else their ID.
 */
export function receiptOperatorName(
  operatorId: string | null,
  accounts: Pick<OperatorAccounts, 'get'>,
): string | null {
  if (!operatorId) return null;
  const name = accounts.get(operatorId)?.displayName.trim().split(/\s+/)[0];
  return name || operatorId;
}
