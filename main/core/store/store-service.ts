import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import type { StoreSettingsView, StoreStatus } from '../../../shared/ipc-store';
import type { AuditTrail } from '../audit/audit-trail';
import { checkOperatorText } from '../../../shared/text/operator-text';
import { CodedFailure } from '../coded-failure';
import type { Logger } from '../ports';
import type { SecretCipher } from '../settings/settings-storage';
import { startStoreClient, type StoreClient, type StoreThreadEntry } from './store-client';
import { storeConnectionSchema, type StoreConnection } from './store-connection';
import type { OperatorAuthority } from '../operators/operator-authority';
import { storeOperatorAuthority } from './operators/store-authority';
import { sameStoreServer, sealStorePassword, unsealStorePassword } from './store-password-seal';
import { storeTlsRefusal } from './store-tls-rule';
import type { StoreHistoryFilters } from './store-history';
import type { ActionsElsewhere } from './claims/claims-protocol';
import type { StoreCustomersTransport } from './customers/store-customers-transport';

/**
 * What `store.json` in the data folder holds: the connection, and the password only as the OS
 * cipher's output, sealed with the server it is for (store-password-seal.ts).
 */
const storedStoreSchema = z.strictObject({
  connection: storeConnectionSchema,
  passwordCiphertext: z.base64().max(8192).nullable(),
});
type StoredStore = z.infer<typeof storedStoreSchema>;

const offStatus: StoreStatus = { state: 'off', offlineSince: null, waiting: 0, counterId: null };

export interface StoreService {
  status(): StoreStatus;
  settings(): StoreSettingsView;
  /** Saves the connection (a null password keeps the saved one) and connects. Admin only. */
  configure(
    connection: unknown,
    password: string | null,
    actor: string | null,
  ): Promise<StoreSettingsView>;
  migrate(): ReturnType<StoreClient['migrate']>;
  history: StoreClient['history'];
  endOfDay: StoreClient['endOfDay'];
  auditVerify: StoreClient['auditVerify'];
  // ── acting on another counter's payment ──
  /** This counter's ID in the store, or null when no store is configured. */
  counterId(): string | null;
  payment: StoreClient['payment'];
  claims: StoreClient['claims'];
  holdClaims: StoreClient['holdClaims'];
  /** The store's word on operators while this counter is in a store (operator-authority.ts). */
  operators: OperatorAuthority;
  /** Whether this counter is in a store: its live customers and saved cards are the store's. */
  inStore(): boolean;
  /** Customers and saved cards of the merchant account, in the store (store step 15). */
  customers: StoreCustomersTransport;
  close(): Promise<void>;
}

/**
 * Store mode in the main process (docs/store.md): keeps the connection settings (password
 * through the OS cipher, bound to its server), and hands all PostgreSQL work to the store
 * thread. The live journal is the one that replicates: Training sales never reach the store.
 * Without the OS's secure storage store mode is refused: its password could not be kept,
 * and the counter's audit rows go unsigned (audit/audit-signing-key.ts), so other counters
 * could not tell its trail from a forgery.
 */
export async function openStoreService(deps: {
  /** `store.json` in the data folder. */
  path: string;
  /** The live journal's file: its outbox is what replicates. */
  journalPath: string;
  /** security.sqlite: its operators are shared through the store. */
  securityPath: string;
  cipher: SecretCipher;
  /** Absent: store mode is not available in this build (status stays off). */
  entry: StoreThreadEntry | null;
  audit: AuditTrail;
  logger: Logger;
  onStatus: (status: StoreStatus) => void;
  onChanged: (counterId: string | null) => void;
  /** What other counters did to this counter's payments, for the live journal. */
  onActionsElsewhere?: (found: ActionsElsewhere) => void;
}): Promise<StoreService> {
  let status = offStatus;
  const secretsProtected = await deps.cipher.isAvailable();
  let stored = readStored(deps.path, deps.logger);
  if (stored !== null && !secretsProtected) {
    deps.logger.warn('no secure storage for secrets: store mode is off');
  }
  const client =
    deps.entry === null
      ? null
      : startStoreClient({
          entry: deps.entry,
          onStatus: (next) => {
            status = next;
            deps.onStatus(next);
          },
          onChanged: deps.onChanged,
          onActionsElsewhere: deps.onActionsElsewhere,
          onThreadError: (error) =>
            deps.logger.error('store thread failed', { error: String(error) }),
          logger: deps.logger,
        });

  /** The saved password, only for the server it was saved for. */
  const password = async (entry: StoredStore): Promise<string | null> => {
    if (entry.passwordCiphertext === null) return null;
    const unsealed = await unsealStorePassword(
      deps.cipher,
      entry.passwordCiphertext,
      entry.connection,
    );
    if (unsealed.kind === 'bound') return unsealed.password;
    deps.logger.warn(
      unsealed.kind === 'unreadable'
        ? 'store password could not be decrypted'
        : 'store password was saved for another server; it is not sent',
    );
    return null;
  };

  const needClient = (): StoreClient => {
    if (client === null) {
      throw new CodedFailure('store-unavailable');
    }
    return client;
  };

  const connect = async (entry: StoredStore) =>
    needClient().connect(
      entry.connection,
      await password(entry),
      deps.journalPath,
      deps.securityPath,
    );

  /**
   * A server changed in store.json by hand (the app never saves one without its password)
   * drops the password for good, so it is never sent to the new one: an admin types it again.
   */
  const withoutPasswordForOtherServer = async (entry: StoredStore): Promise<StoredStore> => {
    if (entry.passwordCiphertext === null) return entry;
    const unsealed = await unsealStorePassword(
      deps.cipher,
      entry.passwordCiphertext,
      entry.connection,
    );
    if (unsealed.kind !== 'other-server') return entry;
    const next = { ...entry, passwordCiphertext: null };
    try {
      writeFileSync(deps.path, JSON.stringify(next));
    } catch (error) {
      // Dropped for this run all the same; the next start finds it bound elsewhere again.
      deps.logger.warn('store settings could not be rewritten', { error: String(error) });
    }
    deps.logger.warn('store password dropped: it was saved for another server');
    deps.audit.record('settings-changed', {
      subject: 'store',
      detail: `password dropped: not saved for host=${entry.connection.host}`,
    });
    return next;
  };

  if (stored !== null && secretsProtected) {
    stored = await withoutPasswordForOtherServer(stored);
  }
  if (stored !== null && client !== null && secretsProtected) {
    // A server that is down at start-up is "offline", not a failed start: sales go on.
    await connect(stored).catch((error: unknown) =>
      deps.logger.warn('store not connected at start', { error: String(error) }),
    );
  }

  const inStore = () => stored !== null && client !== null;

  const view = (): StoreSettingsView => ({
    connection: stored?.connection ?? null,
    passwordSet: stored?.passwordCiphertext != null,
    status,
  });

  return {
    status: () => status,
    settings: view,
    async configure(input, newPassword, actor) {
      if (!(await deps.cipher.isAvailable())) throw new CodedFailure('secure-storage-unavailable');
      // Everything typed here is saved and shown again: no card number, no bidi control.
      for (const text of Object.values(input as Record<string, unknown>)) {
        if (typeof text !== 'string') continue;
        const checked = checkOperatorText(text);
        if (!checked.ok) throw new CodedFailure(checked.error);
      }
      const parsed = storeConnectionSchema.safeParse(input);
      if (!parsed.success) {
        // The field's name, not zod's English: the renderer words the refusal.
        const field = parsed.error.issues[0]?.path.join('.') ?? '';
        throw new CodedFailure('store-settings-invalid', { field });
      }
      const tlsRefusal = storeTlsRefusal(parsed.data);
      if (tlsRefusal !== null) throw new CodedFailure(tlsRefusal);
      const previous = stored;
      if (previous !== null && previous.connection.counterId !== parsed.data.counterId) {
        // The journal's records already went out under the old id (outbox.join refuses too).
        throw new CodedFailure('store-counter-mismatch');
      }
      let passwordCiphertext = previous?.passwordCiphertext ?? null;
      if (newPassword !== null && newPassword !== '') {
        passwordCiphertext = await sealStorePassword(deps.cipher, newPassword, parsed.data);
      } else if (
        previous !== null &&
        passwordCiphertext !== null &&
        !sameStoreServer(previous.connection, parsed.data)
      ) {
        // The saved password is for the old server: never send it to this one.
        throw new CodedFailure('store-password-required');
      }
      const next: StoredStore = { connection: parsed.data, passwordCiphertext };
      const registered = await connect(next);
      stored = next;
      writeFileSync(deps.path, JSON.stringify(next));
      deps.audit.record('settings-changed', {
        operatorId: actor,
        subject: 'store',
        detail: `counter=${next.connection.counterId} host=${next.connection.host} tls=${next.connection.tls}`,
      });
      if (!registered) deps.logger.warn('store configured while the server is unreachable');
      return view();
    },
    migrate: () => needClient().migrate(),
    history: (filters: StoreHistoryFilters, cursor, limit) =>
      needClient().history(filters, cursor, limit),
    endOfDay: (range) => needClient().endOfDay(range),
    auditVerify: () => needClient().auditVerify(),
    counterId: () => stored?.connection.counterId ?? null,
    payment: (attemptId) => needClient().payment(attemptId),
    claims: {
      claim: (request) => needClient().claims.claim(request),
      settle: (claimId, ending) => needClient().claims.settle(claimId, ending),
      settleFromOrder: (claimId, refundedMinor) =>
        needClient().claims.settleFromOrder(claimId, refundedMinor),
    },
    holdClaims: {
      claim: (request) => needClient().holdClaims.claim(request),
      settle: (claimId, ending) => needClient().holdClaims.settle(claimId, ending),
    },
    operators: storeOperatorAuthority({
      active: inStore,
      transport: () => needClient().operators,
      logger: deps.logger,
    }),
    inStore,
    customers: {
      search: (request) => needClient().customers.search(request),
      get: (request) => needClient().customers.get(request),
      save: (request) => needClient().customers.save(request),
      delete: (request) => needClient().customers.delete(request),
      recordConsent: (request) => needClient().customers.recordConsent(request),
      saveCard: (request) => needClient().customers.saveCard(request),
      cardToken: (request) => needClient().customers.cardToken(request),
      cardRefused: (request) => needClient().customers.cardRefused(request),
      removeCard: (request) => needClient().customers.removeCard(request),
    },
    close: async () => client?.close(),
  };
}

function readStored(path: string, logger: Logger): StoredStore | null {
  if (!existsSync(path)) return null;
  try {
    return storedStoreSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    logger.warn('store settings unreadable; store mode is off until an admin sets it again');
    return null;
  }
}

export type { StoreConnection };
