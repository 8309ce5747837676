import type { ConnectionPool } from '../gateway/connection-pool';
import { defaultGatewayTimeouts } from '../gateway/timeouts';
import { createClaimHandlers } from '../ipc/claim-handlers';
import { guardCoreHandlers } from '../ipc/guarded-handlers';
import { createIpcHandlers } from '../ipc/core-handlers';
import type { PaymentModes } from '../ipc/payment-modes';
import { createIpcRouter, type IpcRouter } from '../ipc/router';
import { createSecurityHandlers } from '../ipc/security-handlers';
import { createSameCardHandlers } from '../ipc/same-card-handlers';
import { createCustomerHandlers } from '../ipc/customer-handlers';
import { createSavedCardHandlers } from '../ipc/saved-card-handlers';
import { createShiftHandlers } from '../ipc/shift-handlers';
import { createStoreAuditHandlers } from '../ipc/store-audit-handlers';
import { createStoreDayHandlers } from '../ipc/store-day-handlers';
import { createStoreHandlers } from '../ipc/store-handlers';
import type { Security } from '../operators';
import { createMoneyBack } from '../operators/money-back';
import { receiptOperatorName } from '../operators/receipt-operator';
import { openGatewayAccess } from '../payments/gateway-access';
import { defaultEngineTuning } from '../payments/payment-deps';
import type { CoreEvents, Logger } from '../ports';
import type { SettingsService } from '../settings/settings-service';
import type { ShiftService } from '../shifts/shift-service';
import type { StoreService } from '../store/store-service';
import type { CoreAdapters } from './core-adapters';
import type { ModeGateway } from './mode-gateways';

export interface ChannelDeps {
  adapters: CoreAdapters;
  logger: Logger;
  events: CoreEvents;
  settings: SettingsService;
  security: Security;
  modes: PaymentModes;
  shifts: ReadonlyMap<string, ShiftService>;
  store: StoreService;
  /** Another counter's payments are refunded, captured or released on the live gateway. */
  liveGateway: ModeGateway;
  reportPool: ConnectionPool;
}

/**
 * The one IPC router (DESIGN.md §2) over every feature's channels; the permission check runs
 * before any handler, and a handler's bug is logged without its request.
 */
export function buildChannelRouter(deps: ChannelDeps): IpcRouter {
  const { adapters, logger, settings, modes, store } = deps;
  const { operators, audit } = deps.security;
  const now = () => adapters.clock.now();
  const coreHandlers = createIpcHandlers({
    modes,
    settings,
    events: deps.events,
    receipts: adapters.receipts,
    files: adapters.files,
    app: adapters.app,
    now,
    logger,
    receiptOperator: (attemptId) =>
      receiptOperatorName(
        modes.active().journal.get(attemptId)?.operatorId ?? null,
        operators.accounts,
      ),
  });
  return createIpcRouter({
    handlers: {
      ...guardCoreHandlers(coreHandlers, { operators, audit, modes, settings }),
      ...createSameCardHandlers({ operators, audit, modes }),
      ...createCustomerHandlers({ operators, directory: () => modes.active().customers }),
      ...createSavedCardHandlers({ operators, audit, modes, events: deps.events }),
      ...createSecurityHandlers({ operators, audit, files: adapters.files, now, logger }),
      ...createShiftHandlers({
        shifts: () => {
          const active = modes.active().name;
          const service = deps.shifts.get(active);
          if (!service) throw new Error(`no shifts for ${active}`);
          return { service, training: active === 'training' };
        },
        operators,
        audit,
        settings,
        receipts: adapters.receipts,
        files: adapters.files,
        now,
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
            gateway: () => ({ baseUrl: deps.liveGateway.baseUrl() }),
            secrets: { credentials: deps.liveGateway.credentials },
            language: () => settings.current().language,
            pool: deps.reportPool,
            timeouts: { ...defaultGatewayTimeouts, ...adapters.engine?.timeouts },
            logger,
            clock: adapters.clock,
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
}
