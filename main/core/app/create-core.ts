import { join } from 'node:path';
import type { PaymentServiceDeps } from '../payments/payment-deps';
import { createPaymentService } from '../payments';
import { openJournal } from '../journal';
import { startJournalReader, type ReaderThreadEntry } from '../reader/journal-reader';
import { createLinkService } from '../links/link-service';
import type { FollowTuning } from '../links/link-follower';
import { createLogger } from '../logging/redacting-logger';
import { createIpcHandlers } from '../ipc/handlers';
import { withOperatorStamp } from '../operators/acting-operator';
import { guardCoreHandlers } from '../ipc/guarded-handlers';
import { openSecurity, type Security } from '../operators';
import { receiptOperatorName } from '../operators/receipt-operator';
import { recordSettingsAudit } from '../operators/settings-audit';
import { createSecurityHandlers } from '../ipc/security-handlers';
import { createIpcRouter, type IpcRouter, type IpcSender } from '../ipc/router';
import type { BoundCredentials, ChallengeRunner, Clock, IdGenerator, Logger } from '../ports';
import type { ReceiptOutput } from '../receipts/receipt-output';
import { startSandbox, type Sandbox } from '../sandbox';
import { liveGatewayBaseUrl } from '../settings/gateway-hosts';
import { settingsAuditFile } from '../settings/settings-audit-file';
import { createSettingsService, type SettingsService } from '../settings/settings-service';
import type { SecretCipher, SettingsStorage } from '../settings/settings-storage';
import { createConnectionPool } from '../gateway/connection-pool';
import { defaultGatewayTimeouts } from '../gateway/timeouts';
import { gatewaySearch } from '../shifts/gateway-search';
import { createShiftHandlers } from '../ipc/shift-handlers';
import { createShiftService, type ShiftService } from '../shifts/shift-service';
import { createCoreEvents } from './core-events';
import { type CoreEvents } from '../ports';
import { pendingReferences } from './pending-on-gateway';
import type { PaymentMode, PaymentModes } from '../ipc/payment-modes';
import { createStoreDayHandlers } from '../ipc/store-day-handlers';
import { createStoreHandlers } from '../ipc/store-handlers';
import { createStoreAuditHandlers } from '../ipc/store-audit-handlers';
import { openStoreService, type StoreService } from '../store/store-service';
import type { StoreThreadEntry } from '../store/store-client';
import type { SaveTarget } from '../ports';
import { adoptActionsElsewhere } from '../store/claims/adopt-actions-elsewhere';
import { createClaimHandlers } from '../ipc/claim-handlers';
import { createMoneyBack } from '../operators/money-back';
import { openGatewayAccess } from '../payments/gateway-access';
import { defaultEngineTuning } from '../payments/payment-deps';

/** What a challenge runner may allow besides https: the Training sandbox's loopback origin. */
export interface ChallengeContext {
  allowedHttpOrigin: string | null;
}

/** The outside world of the core: Electron supplies one set, the Chromium test host another. */
export interface CoreAdapters {
  /** Folder of the journals (`journal.sqlite`, `training-journal.sqlite`). */
  dataDir: string;
  clock: Clock;
  ids: IdGenerator;
  /** Raw log sink; everything is redacted before it gets there. */
  logSink: Logger;
  settingsStorage: SettingsStorage;
  secretCipher: SecretCipher;
  /** One runner per mode, so only Training's may navigate to the loopback sandbox. */
  createChallengeRunner(context: ChallengeContext): ChallengeRunner;
  receipts: ReceiptOutput;
  files: SaveTarget;
  isTrustedSender(sender: IpcSender): boolean;
  app: { version: string; platform: string };
  /** Starts Training's in-process gateway; defaults to the sandbox on a random loopback port. */
  startTrainingGateway?: (deps: { clock: Clock; logger: Logger }) => Promise<Sandbox>;
  /** The journal reader thread's code: built file under Electron, source under tsx. */
  readerThread: ReaderThreadEntry;
  /** Engine timings and timeouts (tests shorten them). */
  engine?: Pick<PaymentServiceDeps, 'timeouts' | 'tuning'>;
  /** How often payment links are asked about (tests and benchmarks shorten it). */
  linkFollow?: Partial<FollowTuning>;
  /** Where the store thread's code is; absent: store mode unavailable. */
  storeThread?: StoreThreadEntry;
  /**
   * The preview host only: live mode's gateway is this loopback sandbox instead of the one
   * Settings select, so two hosts share one gateway in the store e2e (a live sale is what a
   * store replicates). The Electron app never sets it.
   */
  liveSandbox?: Sandbox;
}

export interface Core {
  router: IpcRouter;
  events: CoreEvents;
  settings: SettingsService;
  modes: PaymentModes;
  /** Operators, sessions and the audit trail. */
  security: Security;
  /** Training's in-process gateway (tests use its faults and inspect its orders). */
  sandbox: Sandbox;
  /** Store mode: replication of the live journal, store-wide History. */
  store: StoreService;
  close(): Promise<void>;
}

/**
 * Composes the core (DESIGN.md §1): settings, both payment modes with their journals, the
 * Training sandbox, events and the one IPC router. Used by main/index.ts with Electron
 * adapters and by main/preview (the e2e tests and `npm run preview`) with Node and Playwright ones, so both run the same wiring.
 * In-doubt attempts of both journals are reconciled in the background at once.
 */
export async function createCore(adapters: CoreAdapters): Promise<Core> {
  const { clock, ids } = adapters;
  const logger = createLogger(adapters.logSink);
  const events = createCoreEvents(logger);
  // The live journal opens below; until then nothing can be pending on the live gateway.
  let pendingLive: () => readonly string[] = () => [];
  // Read lazily: nothing asks whether the terminal is live before settings exist below.
  const security = await openSecurity({
    dataDir: adapters.dataDir,
    cipher: adapters.secretCipher,
    clock,
    logger,
    live: () => settings.current().environment !== 'training',
  });
  const { operators, audit } = security;
  const settingsFile = settingsAuditFile(join(adapters.dataDir, 'settings-audit.jsonl'), () =>
    clock.now(),
  );
  const settings = createSettingsService({
    storage: adapters.settingsStorage,
    cipher: adapters.secretCipher,
    logger,
    pendingOnGateway: () => pendingLive(),
    // Gateway and credential changes go to the settings file and into the HMAC chain.
    audit: (entry) => {
      settingsFile(entry);
      recordSettingsAudit(audit, operators.actor(), entry);
    },
  });
  const shiftServices = new Map<PaymentMode['name'], ShiftService>();
  // Reconciliation's searches have their own connections: a long paging never queues a sale.
  const reportPool = createConnectionPool({ connectTimeoutMs: defaultGatewayTimeouts.connectMs });
  const startGateway = adapters.startTrainingGateway ?? startSandbox;
  const sandbox = await startGateway({ clock, logger });

  const mode = (
    name: PaymentMode['name'],
    baseUrl: () => string,
    credentials: () => Promise<BoundCredentials | null>,
    allowedHttpOrigin: string | null,
  ): PaymentMode => {
    const path = join(
      adapters.dataDir,
      name === 'live' ? 'journal.sqlite' : 'training-journal.sqlite',
    );
    // The writer opens (and migrates) the file first; the reader thread then reads beside it.
    const journal = withOperatorStamp(openJournal({ path, clock }));
    const reader = startJournalReader({
      path,
      entry: adapters.readerThread,
      onThreadError: (error) =>
        logger.error('journal reader failed', { mode: name, error: String(error) }),
    });
    const payments = createPaymentService({
      gateway: () => ({ baseUrl: baseUrl() }),
      secrets: { credentials },
      challenge: adapters.createChallengeRunner({ allowedHttpOrigin }),
      journal,
      clock,
      ids,
      logger,
      settings: () => settings.current(),
      ...adapters.engine,
    });
    payments.onSettled((result) => events.emit('attemptSettled', result));
    // The mode's shifts and reports, reconciled on the mode's own gateway.
    shiftServices.set(
      name,
      createShiftService({
        path,
        clock,
        audit,
        reader,
        search: gatewaySearch({
          gateway: () => ({ baseUrl: baseUrl() }),
          secrets: { credentials },
          language: () => settings.current().language,
          pool: reportPool,
          timeouts: defaultGatewayTimeouts,
          logger,
          clock,
        }),
      }),
    );
    const links = createLinkService({
      gateway: () => ({ baseUrl: baseUrl() }),
      secrets: { credentials },
      journal: journal.links,
      clock,
      ids,
      logger,
      settings: () => settings.current(),
      timeouts: adapters.engine?.timeouts,
      follow: adapters.linkFollow,
      tuning: adapters.engine?.tuning,
    });
    links.onUpdated((link) => events.emit('linkUpdated', link));
    return { name, journal, reader, payments, links };
  };

  const sandboxCredentials = (box: Sandbox) => async () => ({
    merchantPublicKey: box.merchantPublicKey,
    apiPassword: box.apiPassword,
    origin: new URL(box.url).origin,
  });
  const training = mode(
    'training',
    () => sandbox.url,
    sandboxCredentials(sandbox),
    new URL(sandbox.url).origin,
  );
  // No live gateway (Training selected, or a custom URL that is not https) is an empty base
  // URL, which the engine refuses with its own code before anything is sent.
  const { liveSandbox } = adapters;
  const liveBaseUrl = liveSandbox
    ? () => liveSandbox.url
    : () => {
        const url = liveGatewayBaseUrl(settings.current());
        return url.ok ? url.value : '';
      };
  const liveCredentials = liveSandbox
    ? sandboxCredentials(liveSandbox)
    : () => settings.storedCredentials();
  const live = mode(
    'live',
    liveBaseUrl,
    liveCredentials,
    liveSandbox ? new URL(liveSandbox.url).origin : null,
  );
  pendingLive = () => pendingReferences(live.journal);
  const store = await openStoreService({
    path: join(adapters.dataDir, 'store.json'),
    journalPath: join(adapters.dataDir, 'journal.sqlite'),
    securityPath: join(adapters.dataDir, 'security.sqlite'),
    cipher: adapters.secretCipher,
    entry: adapters.storeThread ?? null,
    audit,
    logger,
    onStatus: (status) => events.emit('storeStatusChanged', status),
    onChanged: (counterId) => events.emit('storeChanged', { counterId }),
    // Refunds, captures and releases other counters made of this counter's
    // payments join its journal.
    onActionsElsewhere: (found) => adoptActionsElsewhere(live.journal, found),
  });
  const modes: PaymentModes = {
    active: () => (settings.current().environment === 'training' ? training : live),
    all: () => [live, training],
  };
  settings.onChange((view) => {
    events.emit('settingsChanged', view);
    // Switching to live mode without operators turns on the first-admin screen at once.
    events.emit('sessionChanged', operators.state());
  });
  operators.onChange((state) => events.emit('sessionChanged', state));
  // The idle lock runs on main's clock, so no renderer can keep a session open by not asking.
  const idleTimer = setInterval(() => operators.tick(), 1_000);
  idleTimer.unref();

  const coreHandlers = createIpcHandlers({
    modes,
    settings,
    events,
    receipts: adapters.receipts,
    files: adapters.files,
    app: adapters.app,
    now: () => clock.now(),
    logger,
    receiptOperator: (attemptId) =>
      receiptOperatorName(
        modes.active().journal.get(attemptId)?.operatorId ?? null,
        operators.accounts,
      ),
  });
  const router = createIpcRouter({
    handlers: {
      ...guardCoreHandlers(coreHandlers, { operators, audit, modes, settings }),
      ...createSecurityHandlers({
        operators,
        audit,
        files: adapters.files,
        now: () => clock.now(),
        logger,
      }),
      ...createShiftHandlers({
        shifts: () => {
          const active = modes.active().name;
          const service = shiftServices.get(active);
          if (!service) throw new Error(`no shifts for ${active}`);
          return { service, training: active === 'training' };
        },
        operators,
        audit,
        settings,
        receipts: adapters.receipts,
        files: adapters.files,
        now: () => clock.now(),
        logger,
      }),
      ...createStoreHandlers(store, () => operators.actor()),
      ...createStoreDayHandlers({ store, settings, files: adapters.files }),
      ...createStoreAuditHandlers(store),
      ...createClaimHandlers({
        store,
        training: () => modes.active().name === 'training',
        liveGateway: () =>
          openGatewayAccess({
            gateway: () => ({ baseUrl: liveBaseUrl() }),
            secrets: { credentials: liveCredentials },
            language: () => settings.current().language,
            pool: reportPool,
            timeouts: { ...defaultGatewayTimeouts, ...adapters.engine?.timeouts },
            logger,
            clock,
          }),
        moneyBack: createMoneyBack({ operators, audit }),
        tuning: { ...defaultEngineTuning, ...adapters.engine?.tuning },
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      }),
    },
    isTrustedSender: adapters.isTrustedSender,
    authorize: (method) => operators.authorize(method),
    onInternalError: (channel, error) =>
      logger.error('ipc handler failed', {
        channel,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      }),
  });

  for (const { name, payments, links } of modes.all()) {
    payments.reconcile().catch((error: unknown) => {
      logger.error('reconciliation failed', { mode: name, error: String(error) });
    });
    // Links still pending when the app stopped are asked about again at once.
    links.resume();
  }

  return {
    router,
    events,
    settings,
    modes,
    security,
    sandbox,
    store,
    async close() {
      clearInterval(idleTimer);
      await store.close();
      for (const { payments, journal, reader, links } of modes.all()) {
        await links.close();
        await payments.close();
        await reader.close();
        journal.close();
      }
      for (const shifts of shiftServices.values()) shifts.close();
      await reportPool.close();
      await sandbox.close();
      security.close();
    },
  };
}
