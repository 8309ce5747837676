import type { OperatorView, Role } from '../../../shared/ipc-security';
import type { AuditTrail } from '../audit/audit-trail';
import { checkOperatorText } from '../../../shared/text/operator-text';
import { CodedFailure } from '../coded-failure';
import type { Clock } from '../ports';
import { lockedOut, operatorFailure, wrongTry } from './operator-failure';
import { afterFailure, cleared, isLockedOut } from './lockout';
import type { OperatorRecord, OperatorStore } from './operator-store';
import { decoyHash, hashSecret, verifySecret } from './secret-hash';
import { credentialKind } from './secret-rules';
import { unchangedWrite, type AuthorityWrite, type OperatorAuthority } from './operator-authority';
import { keepStoreAccount } from './store-copy';
import { checkAtStore, type VerifiedOperator } from './store-verified-check';
import { hasRole } from './permissions';

/** Operator IDs compare case-insensitively, as the stores keep them. */
const sameId = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export interface NewOperator {
  operatorId: string;
  displayName: string;
  role: Role;
  secret: string;
}

export interface OperatorChange {
  displayName?: string;
  role?: Role;
  secret?: string;
  disabled?: boolean;
}

export const operatorView = (record: OperatorRecord, now: number): OperatorView => ({
  operatorId: record.operatorId,
  displayName: record.displayName,
  role: record.role,
  credential: record.credential,
  disabled: record.disabled,
  lockedUntil: isLockedOut(record, now) ? record.lockedUntil : null,
});

/**
 * Operator accounts: create, change, check a secret (with the lockout clock), unlock.
 * Everything that changes an account or a sign-in try goes into the audit trail, with the
 * acting operator; a secret never does.
 */
export function createOperatorAccounts(deps: {
  store: OperatorStore;
  audit: AuditTrail;
  clock: Clock;
  /** The store, in store mode: it checks tries and makes every change (store-verified-check.ts). */
  authority?: () => OperatorAuthority | null;
  /** The store's token of an acting operator's sign-in at this counter. */
  tokenOf?: (operatorId: string | null) => string | null;
}) {
  const { store, audit, clock } = deps;
  const inStore = () => {
    const authority = deps.authority?.() ?? null;
    return authority?.active() ? authority : null;
  };
  const tokenOf = (actor: string | null) => deps.tokenOf?.(actor) ?? null;
  /** A change the store made for `actor`, kept here; fields not given stay as they are. */
  const written = async (
    authority: OperatorAuthority,
    write: Partial<Omit<AuthorityWrite, 'token'>> & { operatorId: string },
    actor: string | null,
  ) =>
    keepStoreAccount(
      store,
      await authority.write({ ...unchangedWrite, ...write, token: tokenOf(actor) }),
    );

  const secretKind = (secret: string) => {
    const kind = credentialKind(secret);
    if (!kind) throw operatorFailure('secret-invalid');
    return kind;
  };

  /** Names and IDs show on screens and receipts: no card number, no bidi control. */
  const checkedName = (name: string) => {
    const checked = checkOperatorText(name.trim());
    if (!checked.ok) throw new CodedFailure(checked.error);
    return checked.value;
  };

  const mustGet = (operatorId: string) => {
    const record = store.get(operatorId);
    if (!record) throw operatorFailure('operator-not-found');
    return record;
  };

  const activeAdmins = () => store.all().filter((o) => o.role === 'admin' && !o.disabled);

  /**
   * Checks an ID and secret. An unknown ID costs the same KDF time as a known one; a
   * locked-out or disabled operator is refused without looking at the secret, so guessing
   * on during the lock teaches nothing. `purpose` names the try in the audit trail.
   *
   * Every try is counted as a failure before the KDF's await, in the same turn as the lock
   * check: tries sent in parallel each see the ones before them, so no more than five reach
   * the KDF per lock. A right secret then takes its count back, unless the account was
   * locked meanwhile by another try's count: that try may be wrong, so the lock stands.
   * Its own count reaching five is no lock (it was the fifth try, not a fifth failure).
   */
  const checkHere = async (
    operatorId: string,
    secret: string,
    purpose: 'sign-in' | 'approval',
  ): Promise<OperatorRecord> => {
    const record = store.get(operatorId.trim());
    if (!record) {
      await verifySecret(secret, await decoyHash());
      // What was typed is no operator's ID: it may be a PIN typed into the wrong field.
      audit.record('sign-in-failed', { subject: null, detail: `${purpose} unknown-id` });
      throw operatorFailure('sign-in-failed');
    }
    const subject = record.operatorId;
    const refuse = (why: string, failure: CodedFailure) => {
      audit.record('sign-in-failed', { subject, detail: `${purpose} ${why}` });
      return failure;
    };
    if (isLockedOut(record, clock.now())) throw refuse('locked', lockedOut(record.lockedUntil));
    if (record.disabled) throw refuse('disabled', operatorFailure('operator-disabled'));
    const counted = afterFailure(record, clock.now());
    store.update(subject, counted);
    if (!(await verifySecret(secret, record.secretHash))) {
      audit.record('sign-in-failed', { subject, detail: `${purpose} try=${counted.failures}` });
      if (counted.lockedUntil !== null) {
        audit.record('lockout', { subject, detail: 'five wrong tries' });
        throw lockedOut(counted.lockedUntil);
      }
      throw wrongTry(counted.failures);
    }
    // The account as it is after the await: other tries, an admin or a sync may have moved it.
    const current = store.get(subject) ?? record;
    const ownLock = counted.lockedUntil !== null && current.lockedUntil === counted.lockedUntil;
    if (isLockedOut(current, clock.now()) && !ownLock) {
      throw refuse('locked', lockedOut(current.lockedUntil));
    }
    if (current.disabled) throw refuse('disabled', operatorFailure('operator-disabled'));
    // A new secret set meanwhile: the one just checked is no longer the account's.
    if (current.secretHash !== record.secretHash) {
      throw refuse('secret changed', operatorFailure('sign-in-failed'));
    }
    store.update(subject, cleared);
    return { ...current, ...cleared };
  };

  /** A try, with the store's token of the sign-in (store mode and online; null otherwise). */
  const verify = async (
    operatorId: string,
    secret: string,
    purpose: 'sign-in' | 'approval',
  ): Promise<VerifiedOperator> => {
    const authority = inStore();
    const local = () => checkHere(operatorId, secret, purpose);
    if (authority) {
      return checkAtStore({ authority, store, audit }, { operatorId, secret, purpose }, local);
    }
    return { record: await local(), token: null };
  };

  return {
    all: () => store.all(),
    get: (operatorId: string) => store.get(operatorId),
    view: (record: OperatorRecord) => operatorView(record, clock.now()),

    async create(input: NewOperator, actor: string | null): Promise<OperatorRecord> {
      const credential = secretKind(input.secret);
      // An ID is printed in the audit trail and on receipts: never a card-like number.
      checkedName(input.operatorId);
      const displayName = checkedName(input.displayName);
      const authority = inStore();
      if (authority) {
        const made = await written(
          authority,
          {
            operatorId: input.operatorId.trim(),
            create: true,
            displayName,
            role: input.role,
            secret: input.secret,
          },
          actor,
        );
        audit.record('operator-created', {
          operatorId: actor,
          subject: made.operatorId,
          detail: `role=${made.role}`,
        });
        return made;
      }
      if (store.get(input.operatorId)) throw operatorFailure('operator-exists');
      const now = clock.now();
      const record: OperatorRecord = {
        operatorId: input.operatorId,
        displayName,
        role: input.role,
        credential,
        secretHash: await hashSecret(input.secret),
        disabled: false,
        ...cleared,
        createdAt: now,
        updatedAt: now,
      };
      // Checked again after the KDF's await: two creates of one ID must not both pass.
      if (store.get(input.operatorId)) throw operatorFailure('operator-exists');
      store.insert(record);
      audit.record('operator-created', {
        operatorId: actor,
        subject: record.operatorId,
        detail: `role=${record.role}`,
      });
      return record;
    },

    async change(operatorId: string, change: OperatorChange, actor: string | null) {
      const record = mustGet(operatorId);
      const demoted = change.role !== undefined && change.role !== 'admin';
      const disabling = change.disabled === true;
      if (disabling && actor !== null && sameId(actor, record.operatorId)) {
        throw operatorFailure('self-disable');
      }
      if (record.role === 'admin' && (demoted || disabling)) {
        if (activeAdmins().filter((o) => o.operatorId !== record.operatorId).length === 0) {
          throw operatorFailure('last-admin');
        }
      }
      const displayName =
        change.displayName === undefined ? undefined : checkedName(change.displayName);
      if (change.secret !== undefined) secretKind(change.secret);
      const authority = inStore();
      if (authority) {
        await written(
          authority,
          {
            operatorId: record.operatorId,
            displayName: displayName ?? null,
            role: change.role ?? null,
            secret: change.secret ?? null,
            disabled: change.disabled ?? null,
          },
          actor,
        );
      } else {
        const secret =
          change.secret === undefined
            ? {}
            : {
                credential: secretKind(change.secret),
                secretHash: await hashSecret(change.secret),
              };
        store.update(record.operatorId, {
          displayName,
          role: change.role,
          disabled: change.disabled,
          ...secret,
          updatedAt: clock.now(),
        });
      }
      const fields = Object.entries({ ...change, secret: change.secret })
        .filter(([, value]) => value !== undefined)
        .map(([field]) => field);
      audit.record(change.disabled ? 'operator-disabled' : 'operator-changed', {
        operatorId: actor,
        subject: record.operatorId,
        // Which fields changed, and the new role; never the secret itself.
        detail: `fields=${fields.join(',')}${change.role ? ` role=${change.role}` : ''}`,
      });
      return mustGet(record.operatorId);
    },

    /**
     * Ends a lockout. An admin unlocks anyone; a supervisor only a cashier (a supervisor's
     * lock is an admin's to end), so `actor` comes with its role.
     */
    async unlock(operatorId: string, actor: { operatorId: string; role: Role } | null) {
      const record = mustGet(operatorId);
      if (actor !== null && !hasRole(actor.role, 'admin') && record.role !== 'cashier') {
        throw operatorFailure('forbidden');
      }
      const actorId = actor?.operatorId ?? null;
      const authority = inStore();
      if (authority) {
        await written(authority, { operatorId: record.operatorId, unlock: true }, actorId);
      } else {
        store.update(record.operatorId, { ...cleared, updatedAt: clock.now() });
      }
      audit.record('unlock', { operatorId: actorId, subject: record.operatorId });
      return mustGet(record.operatorId);
    },

    /**
     * Checks an ID and secret (checkHere; in store mode the store first, store-verified-check.ts).
     */
    async check(operatorId: string, secret: string, purpose: 'sign-in' | 'approval') {
      return (await verify(operatorId, secret, purpose)).record;
    },
    verify,
  };
}

export type OperatorAccounts = ReturnType<typeof createOperatorAccounts>;
