import type { AuditTrail } from '../audit/audit-trail';
import { lockedOut, operatorFailure, wrongTry } from './operator-failure';
import type { OperatorAuthority } from './operator-authority';
import type { OperatorRecord, OperatorStore } from './operator-store';
import { hashSecret } from './secret-hash';
import { hasLocalSecret, keepStoreAccount } from './store-copy';

export interface VerifiedOperator {
  record: OperatorRecord;
  /** The store's token of this sign-in (null: an approval, or signed in offline). */
  token: string | null;
}

/**
 * A sign-in or approval try in store mode: the store checks the secret and counts the try,
 * for every counter at once (so a lockout cannot be raced from several counters or by
 * parallel tries), and this counter keeps what the store said. Offline, only an operator who
 * signed in here before is checked, by `local` (the counter's own count, merged back later).
 */
export async function checkAtStore(
  deps: { authority: OperatorAuthority; store: OperatorStore; audit: AuditTrail },
  try_: { operatorId: string; secret: string; purpose: 'sign-in' | 'approval' },
  local: () => Promise<OperatorRecord>,
): Promise<VerifiedOperator> {
  const { authority, store, audit } = deps;
  const { purpose } = try_;
  const answer = await authority.signIn(try_);
  /** `subject` null: what was typed is no known ID (perhaps a PIN), so it is not kept. */
  const failed = (subject: string | null, detail: string) =>
    audit.record('sign-in-failed', { subject, detail });

  if (answer.outcome === 'offline') {
    const known = store.get(try_.operatorId.trim());
    if (!known || !hasLocalSecret(known)) {
      failed(known?.operatorId ?? null, `${purpose} store-offline`);
      throw operatorFailure('operator-first-sign-in-needs-store');
    }
    return { record: await local(), token: null };
  }
  if (answer.outcome === 'unknown') {
    failed(null, `${purpose} unknown-id`);
    throw operatorFailure('sign-in-failed');
  }
  const kept = keepStoreAccount(store, answer.account);
  const subject = kept.operatorId;
  switch (answer.outcome) {
    case 'locked':
      failed(subject, `${purpose} locked`);
      throw lockedOut(answer.account.lockedUntil);
    case 'disabled':
      failed(subject, `${purpose} disabled`);
      throw operatorFailure('operator-disabled');
    case 'wrong':
    case 'locked-now':
      failed(subject, `${purpose} try=${answer.account.failures}`);
      if (answer.outcome === 'wrong') throw wrongTry(answer.account.failures);
      audit.record('lockout', { subject, detail: 'five wrong tries' });
      throw lockedOut(answer.account.lockedUntil);
    case 'ok': {
      // A copy of the secret for signing in offline, made here from what was typed, once
      // per secret: the store's own hash never leaves it.
      const record = hasLocalSecret(kept)
        ? kept
        : keepStoreAccount(store, answer.account, await hashSecret(try_.secret));
      return { record, token: answer.token };
    }
  }
}
