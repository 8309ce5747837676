import { type IpcMethod, currencySchema } from '../../../shared/ipc';
import type { SessionState } from '../../../shared/ipc-security';
import type { AuditTrail } from '../audit/audit-trail';
import { CodedFailure } from '../coded-failure';
import type { Clock } from '../ports';
import { operatorFailure } from './operator-failure';
import { createOperatorAccounts, type NewOperator } from './operator-accounts';
import type { OperatorsConfig, OperatorStore } from './operator-store';
import { hasRole, permissionTable } from './permissions';
import { createSession, type SessionOperator } from './session';
import type { OperatorAuthority } from './operator-authority';
import { thresholdMinor } from './approvals';

/** Live mode locks after at most this long idle, whatever the setting (PCI DSS 8.2.8). */
export const liveIdleCapMinutes = 15;

const sessionOperatorOf = (o: SessionOperator): SessionOperator => ({
  operatorId: o.operatorId,
  displayName: o.displayName,
  role: o.role,
});

/**
 * Operators as a whole: whether they are on, who is signed in, the idle lock, and the
 * access check the IPC router runs before every handler. `live()` says whether real gateway
 * credentials are in use (live mode requires operators).
 */
export function createOperatorsService(deps: {
  store: OperatorStore;
  audit: AuditTrail;
  clock: Clock;
  live: () => boolean;
}) {
  const { store, audit, clock, live } = deps;
  let authority: OperatorAuthority | null = null;
  /** The store's token of the signed-in operator's sign-in here (store mode, online). */
  let token: { operatorId: string; value: string } | null = null;
  const accounts = createOperatorAccounts({
    store,
    audit,
    clock,
    authority: () => authority,
    tokenOf: (operatorId) =>
      token !== null && operatorId !== null && token.operatorId === operatorId ? token.value : null,
  });
  const session = createSession(() => clock.now());
  /** Ends the previous sign-in's token at the store: it gives no one rights any more. */
  const dropToken = () => {
    if (token !== null) authority?.signOut(token.value);
    token = null;
  };
  const listeners = new Set<(state: SessionState) => void>();
  let config = store.config();

  const idleMinutes = () =>
    live() ? Math.min(config.idleMinutes, liveIdleCapMinutes) : config.idleMinutes;

  const state = (): SessionState => ({
    operatorsEnabled: config.enabled,
    setupRequired: !config.enabled && live(),
    operator: config.enabled && session.operator() ? sessionOperatorOf(session.operator()!) : null,
    locked: config.enabled && session.locked(),
    idleMinutes: idleMinutes(),
    refundThresholds: config.refundThresholds,
  });

  const changed = () => {
    const current = state();
    for (const listener of listeners) listener(current);
    return current;
  };

  const saveConfig = (next: OperatorsConfig) => {
    store.setConfig(next);
    config = next;
  };

  const signInAs = (operator: SessionOperator, storeToken: string | null = null) => {
    dropToken();
    if (storeToken !== null) token = { operatorId: operator.operatorId, value: storeToken };
    session.signIn(sessionOperatorOf(operator));
    audit.record('sign-in', { operatorId: operator.operatorId });
    return changed();
  };

  /** The signed-in operator's ID for the audit trail; null while operators are off. */
  const actor = () => (config.enabled ? (session.active()?.operatorId ?? null) : null);

  return {
    accounts,
    state,
    actor,
    /** The operator acting now, or null while operators are off (everyone acts as the shop). */
    acting: (): SessionOperator | null => (config.enabled ? session.active() : null),
    onChange(listener: (state: SessionState) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * The router's check before a handler runs: null to go ahead, else the failure to send.
     * Every allowed request also restarts the idle clock.
     */
    authorize(method: IpcMethod): CodedFailure | null {
      const { access, beforeFirstAdmin, needsSignIn } = permissionTable[method];
      if (access === 'anyone') return null;
      if (!config.enabled && needsSignIn) return operatorFailure('store-needs-operators');
      if (!config.enabled) {
        if (access === 'setup' || beforeFirstAdmin) return null;
        return live() ? operatorFailure('operators-required') : null;
      }
      if (access === 'setup') return operatorFailure('operators-already-on');
      if (!session.operator()) return operatorFailure('signed-out');
      const current = session.active();
      if (!current) return operatorFailure('locked');
      // The account as it is now: switched off or given another role since sign-in counts
      // from the next request, not the next sign-in.
      const account = accounts.get(current.operatorId);
      if (!account || account.disabled) {
        dropToken();
        session.signOut();
        changed();
        return operatorFailure('signed-out');
      }
      if (account.role !== current.role) session.signIn(sessionOperatorOf(account));
      if (!hasRole(account.role, access)) return operatorFailure('forbidden');
      session.touch();
      return null;
    },

    /**
     * Switches operators on with a first admin. In a store that has operators already, the
     * admin is one of the store's: their ID and secret are checked there, and they sign in.
     */
    async enable(input: Omit<NewOperator, 'role'>) {
      let admin: SessionOperator | null = null;
      let storeToken: string | null = null;
      try {
        admin = await accounts.create({ ...input, role: 'admin' }, null);
      } catch (error) {
        if (!(error instanceof CodedFailure) || error.code !== 'store-has-operators') throw error;
      }
      if (authority?.active()) {
        // Signed in at the store, for the token the admin's changes need.
        const verified = await accounts.verify(input.operatorId, input.secret, 'sign-in');
        if (verified.record.role !== 'admin') throw operatorFailure('store-has-operators');
        admin = verified.record;
        storeToken = verified.token;
      }
      if (admin === null) throw operatorFailure('store-has-operators');
      saveConfig({ ...config, enabled: true });
      audit.record('operators-enabled', { operatorId: admin.operatorId });
      return signInAs(admin, storeToken);
    },

    disable() {
      if (live()) throw operatorFailure('operators-live-only');
      audit.record('operators-disabled', { operatorId: actor() });
      saveConfig({ ...config, enabled: false });
      dropToken();
      session.signOut();
      return changed();
    },

    configure(patch: Partial<Omit<OperatorsConfig, 'enabled'>>) {
      for (const [currency, text] of Object.entries(patch.refundThresholds ?? {})) {
        const code = currencySchema.safeParse(currency);
        if (
          !code.success ||
          text === undefined ||
          thresholdMinor({ [currency]: text }, code.data) === null
        ) {
          throw operatorFailure('threshold-invalid');
        }
      }
      const next = { ...config, ...patch };
      const fields = Object.keys(patch).filter((k) => patch[k as keyof typeof patch] !== undefined);
      saveConfig(next);
      audit.record('operator-settings-changed', {
        operatorId: actor(),
        detail: `fields=${fields.join(',')}`,
      });
      return changed();
    },

    async signIn(operatorId: string, secret: string) {
      const verified = await accounts.verify(operatorId, secret, 'sign-in');
      return signInAs(verified.record, verified.token);
    },

    /** Store mode plugs the store in here (the composition root); null takes it out. */
    useAuthority(next: OperatorAuthority | null) {
      authority = next;
    },

    lock(reason: 'key' | 'idle') {
      const operator = session.operator();
      if (session.lock() && operator) {
        audit.record('lock', { operatorId: operator.operatorId, detail: reason });
      }
      return changed();
    },

    signOut() {
      const operator = session.operator();
      if (operator) audit.record('sign-out', { operatorId: operator.operatorId });
      dropToken();
      session.signOut();
      return changed();
    },

    touch() {
      if (session.active()) session.touch();
      return state();
    },

    /** Locks an idle session; called every second by the core. True when it locked. */
    tick(): boolean {
      if (!config.enabled || !session.active()) return false;
      if (session.idleFor() < idleMinutes() * 60_000) return false;
      this.lock('idle');
      return true;
    },
  };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
