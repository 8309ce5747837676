import { join } from 'node:path';
import { createConnectionPool } from '../gateway/connection-pool';
import { defaultGatewayTimeouts } from '../gateway/timeouts';
import type { PaymentMode, PaymentModes } from '../ipc/payment-modes';
import { createLogger } from '../logging/redacting-logger';
import { openSecurity } from '../operators';
import { recordSettingsAudit } from '../operators/settings-audit';
import { startSandbox } from '../sandbox';
import { settingsAuditFile } from '../settings/settings-audit-file';
import { createSettingsService } from '../settings/settings-service';
import type { ShiftService } from '../shifts/shift-service';
import { createConfirmedAdoption } from '../store/claims/confirm-actions-elsewhere';
import { openStoreService } from '../store/store-service';
import { createUpdateController } from '../updates/update-controller';
import { versionRecord } from '../updates/version-record';
import { createBusySnapshot } from './busy-snapshot';
import { customersInStoreMode } from '../store/customers/customers-in-store-mode';
import { createStoreCustomerDirectory } from '../store/customers/store-customer-directory';
import { buildChannelRouter } from './channel-router';
import type { Core, CoreAdapters } from './core-adapters';
import { createCoreEvents } from './core-events';
import { proveOnLiveGateway } from './credentials-proof';
import { sandboxGateway, settingsGateway } from './mode-gateways';
import { orderOnLiveGateway } from './order-on-live-gateway';
import { buildPaymentMode } from './payment-mode';
import { pendingReferences } from './pending-on-gateway';

/**
 * The one place the whole core is assembled (DESIGN.md §1), feature by feature: logging and
 * events, operators and the audit trail, settings, the Training gateway, both payment modes,
 * the store, and the IPC router over all of them. main/index.ts calls it with Electron
 * adapters, main/preview (the e2e tests and `npm run preview`) with Node and Playwright ones,
 * so both run the same wiring. In-doubt attempts of both journals are reconciled at once.
 */
export async function createCore(adapters: CoreAdapters): Promise<Core> {
  const { clock, dataDir } = adapters;
  const logger = createLogger(adapters.logSink);
  const events = createCoreEvents(logger);

  // The live journal opens below; until then nothing can be pending on the live gateway.
  let pendingLive: () => readonly string[] = () => [];

  const security = await openSecurity({
    dataDir,
    cipher: adapters.secretCipher,
    clock,
    logger,
    // Read lazily: nothing asks whether the terminal is live before settings exist below.
    live: () => settings.current().environment !== 'training',
  });
  const { operators, audit } = security;

  const settingsFile = settingsAuditFile(join(dataDir, 'settings-audit.jsonl'), () => clock.now());
  const settings = createSettingsService({
    storage: adapters.settingsStorage,
    cipher: adapters.secretCipher,
    logger,
    pendingOnGateway: () => pendingLive(),
    // The live gateway is chosen below, once settings exist: read when Test connection runs.
    proveCredentials: (credentials) => proveCredentials(credentials),
    now: () => clock.now(),
    // Gateway and credential changes go to the settings file and into the HMAC chain.
    audit: (entry) => {
      settingsFile(entry);
      recordSettingsAudit(audit, operators.actor(), entry);
    },
  });

  const sandbox = await (adapters.startTrainingGateway ?? startSandbox)({ clock, logger });
  const liveGateway = adapters.liveSandbox
    ? sandboxGateway(adapters.liveSandbox)
    : settingsGateway(settings);
  const reportPool = createConnectionPool({
    connectTimeoutMs: defaultGatewayTimeouts.connectMs,
    route: adapters.network,
  });
  const proveCredentials = proveOnLiveGateway({
    liveGateway,
    pool: reportPool,
    timeouts: { ...defaultGatewayTimeouts, ...adapters.engine?.timeouts },
    language: () => settings.current().language,
    logger,
    clock,
  });
  // What the counter is busy with, for the update policy; read only once modes exist below.
  const busy = createBusySnapshot({ active: () => modes.active(), all: () => modes.all() });
  const modeDeps = {
    // Each customer verification window counts as busy while it is open.
    adapters: {
      ...adapters,
      createChallengeRunner: (context: Parameters<CoreAdapters['createChallengeRunner']>[0]) =>
        busy.watchChallenges(adapters.createChallengeRunner(context)),
    },
    logger,
    events,
    settings,
    audit,
    reportPool,
  };
  const training = buildPaymentMode('training', sandboxGateway(sandbox), modeDeps);
  // In a store, live customers and saved cards are the merchant account's, in the store (read
  // when asked: the store service opens below).
  const storeCustomers = createStoreCustomerDirectory({
    transport: () => store.customers,
    merchant: async () => (await liveGateway.credentials())?.merchantPublicKey ?? null,
    clock,
    audit,
    logger,
    settings: () => {
      const { receiptHeader, merchantCountry } = settings.current();
      return { merchantName: receiptHeader.merchantName, merchantCountry };
    },
  });
  const live = buildPaymentMode('live', liveGateway, {
    ...modeDeps,
    customersIn: (own) => customersInStoreMode(own, storeCustomers, () => store.inStore()),
  });
  const shifts = new Map<PaymentMode['name'], ShiftService>([
    ['training', training.shifts],
    ['live', live.shifts],
  ]);
  pendingLive = () => pendingReferences(live.mode.journal, live.mode.linkJournal);
  const modes: PaymentModes = {
    active: () => (settings.current().environment === 'training' ? training.mode : live.mode),
    all: () => [live.mode, training.mode],
  };

  // What other counters did to this counter's payments joins its live journal once the
  // gateway shows it: a claim in the store is any counter's word.
  const actionsElsewhere = createConfirmedAdoption({
    journal: live.mode.journal,
    readOrder: orderOnLiveGateway({
      liveGateway,
      settings,
      pool: reportPool,
      timeouts: { ...defaultGatewayTimeouts, ...adapters.engine?.timeouts },
      logger,
      clock,
    }),
    training: () => settings.current().environment === 'training',
    logger,
    audit,
  });
  const store = await openStoreService({
    path: join(dataDir, 'store.json'),
    journalPath: join(dataDir, 'journal.sqlite'),
    securityPath: join(dataDir, 'security.sqlite'),
    cipher: adapters.secretCipher,
    entry: adapters.storeThread ?? null,
    audit,
    logger,
    onStatus: (status) => events.emit('storeStatusChanged', status),
    onChanged: (counterId) => events.emit('storeChanged', { counterId }),
    // Refunds, captures and releases other counters made of this counter's payments.
    onActionsElsewhere: (found) => actionsElsewhere.offer(found),
  });

  // In a store, the store checks and changes operators (docs/security.md, "Store mode").
  operators.useAuthority(store.operators);

  const updates = createUpdateController({
    version: adapters.app.version,
    updater: adapters.updater ?? null,
    busy: () => busy.busy(),
    held: () => settings.current().holdUpdates,
    now: () => clock.now(),
    logger,
    refused: (version, detail) =>
      audit.record('update-refused', { subject: version, detail: detail.slice(0, 400) }),
    onStatus: (status) => events.emit('updateStatusChanged', status),
    ...(adapters.updateTiming ? { timing: adapters.updateTiming } : {}),
  });
  let held = settings.current().holdUpdates;

  settings.onChange((view) => {
    if (view.settings.holdUpdates !== held) {
      held = view.settings.holdUpdates;
      audit.record(held ? 'updates-held' : 'updates-released', {
        operatorId: operators.actor(),
        detail: `version=${adapters.app.version}`,
      });
      updates.heldChanged();
    }
    events.emit('settingsChanged', view);
    // Switching to live mode without operators turns on the first-admin screen at once.
    events.emit('sessionChanged', operators.state());
  });
  operators.onChange((state) => events.emit('sessionChanged', state));
  // The idle lock runs on main's clock, so no renderer can keep a session open by not asking.
  // The same second lets a ready update see an idle moment (a critical one then asks).
  const idleTimer = setInterval(() => {
    operators.tick();
    updates.tick();
  }, 1_000);
  idleTimer.unref();

  const router = busy.watchRouter(
    buildChannelRouter({
      adapters,
      logger,
      events,
      settings,
      security,
      modes,
      shifts,
      store,
      liveGateway,
      reportPool,
      updates,
    }),
  );

  for (const { name, payments, links } of modes.all()) {
    payments.reconcile().catch((error: unknown) => {
      logger.error('reconciliation failed', { mode: name, error: String(error) });
    });
    // Links still pending when the app stopped are asked about again at once.
    links.resume();
  }

  // The first complete start of a new version says so in the audit trail, once; a start that
  // failed before this point (a journal migration) records nothing, so the next one does.
  const versions = versionRecord(join(dataDir, 'app-version.json'));
  const previousVersion = versions.read();
  if (previousVersion !== null && previousVersion !== adapters.app.version) {
    audit.record('app-updated', {
      subject: adapters.app.version,
      detail: `from=${previousVersion} to=${adapters.app.version}`,
    });
    logger.info('first start after an update', { from: previousVersion, to: adapters.app.version });
  }
  if (previousVersion !== adapters.app.version) versions.write(adapters.app.version);

  return {
    router,
    events,
    settings,
    modes,
    security,
    sandbox,
    store,
    updates,
    async close() {
      clearInterval(idleTimer);
      updates.close();
      await store.close();
      await actionsElsewhere.idle();
      for (const { payments, journal, reader, links } of modes.all()) {
        await links.close();
        await payments.close();
        await reader.close();
        journal.close();
      }
      for (const service of shifts.values()) service.close();
      await reportPool.close();
      await sandbox.close();
      security.close();
    },
  };
}
