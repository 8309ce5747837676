import type { AuthorityAccount } from './operator-authority';
import type { OperatorRecord, OperatorStore } from './operator-store';

/**
 * This counter's copy of a store account (security.sqlite), written after every answer of
 * the store and by the store thread's round. The copy keeps a secret hash only for an
 * operator who signed in here while the store answered, made here from what they typed: so
 * offline a counter signs in only operators it has signed in before, and a secret set anew
 * anywhere (`secretSetAt` moved) makes that copy stale at once.
 */
export function keepStoreAccount(
  store: OperatorStore,
  account: AuthorityAccount,
  secretHash?: string,
): OperatorRecord {
  const mark = store.syncMark(account.operatorId);
  const stale = mark !== null && mark.secretSetAt !== account.secretSetAt;
  const local = store.get(account.operatorId);
  const { secretSetAt, operatorId, ...fields } = account;
  const kept = secretHash ?? (stale || local === null ? '' : local.secretHash);
  if (local === null) store.insert({ operatorId, ...fields, secretHash: kept });
  else store.update(local.operatorId, { ...fields, secretHash: kept });
  store.setSyncMark(operatorId, {
    failures: account.failures,
    updatedAt: account.updatedAt,
    secretSetAt,
  });
  return store.get(operatorId) ?? { operatorId, ...fields, secretHash: kept };
}

/** Whether this counter holds a secret of its own for the operator (signed in here before). */
export const hasLocalSecret = (record: OperatorRecord) => record.secretHash !== '';
