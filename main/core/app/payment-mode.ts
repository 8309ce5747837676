import { join } from 'node:path';
import type { AuditTrail } from '../audit/audit-trail';
import type { ConnectionPool } from '../gateway/connection-pool';
import { defaultGatewayTimeouts } from '../gateway/timeouts';
import type { PaymentMode } from '../ipc/payment-modes';
import { createSqliteCustomerDirectory } from '../customers/sqlite-customer-directory';
import { openJournal } from '../journal';
import { createLinkJournal } from '../links/link-journal';
import { createLinkService } from '../links/link-service';
import { withOperatorStamp } from '../operators/acting-operator';
import { createPaymentService } from '../payments';
import type { CoreEvents, Logger } from '../ports';
import { startJournalReader } from '../reader/journal-reader';
import type { SettingsService } from '../settings/settings-service';
import { gatewayBinding, gatewaySearch } from '../shifts/gateway-search';
import { createShiftService, type ShiftService } from '../shifts/shift-service';
import type { CoreAdapters } from './core-adapters';
import type { ModeGateway } from './mode-gateways';

export interface PaymentModeDeps {
  adapters: CoreAdapters;
  logger: Logger;
  events: CoreEvents;
  settings: SettingsService;
  audit: AuditTrail;
  /** Reconciliation's searches have their own connections: a long paging never queues a sale. */
  reportPool: ConnectionPool;
}

/**
 * One payment mode (Training or live): its journal file with the reader thread beside it,
 * the payment engine, the shifts and reports, and payment links, all on the mode's gateway.
 */
export function buildPaymentMode(
  name: PaymentMode['name'],
  gateway: ModeGateway,
  deps: PaymentModeDeps,
): { mode: PaymentMode; shifts: ShiftService } {
  const { adapters, logger, events, settings } = deps;
  const { clock, ids } = adapters;
  const path = join(
    adapters.dataDir,
    name === 'live' ? 'journal.sqlite' : 'training-journal.sqlite',
  );
  const endpoint = () => ({ baseUrl: gateway.baseUrl() });
  const secrets = { credentials: gateway.credentials };
  // The writer opens (and migrates) the file first; the reader thread then reads beside it.
  const journal = withOperatorStamp(openJournal({ path, clock }));
  const reader = startJournalReader({
    path,
    entry: adapters.readerThread,
    onThreadError: (error) =>
      logger.error('journal reader failed', { mode: name, error: String(error) }),
  });
  // Before the engine: a sale that saves its card hands the token to this directory.
  const customers = createSqliteCustomerDirectory({
    file: journal.file,
    clock,
    ids,
    audit: deps.audit,
    logger,
    settings: () => {
      const { receiptHeader, merchantCountry } = settings.current();
      return { merchantName: receiptHeader.merchantName, merchantCountry };
    },
  });
  const payments = createPaymentService({
    gateway: endpoint,
    secrets,
    challenge: adapters.createChallengeRunner({ allowedHttpOrigin: gateway.allowedHttpOrigin }),
    journal,
    clock,
    ids,
    logger,
    settings: () => settings.current(),
    savedCards: customers,
    ...adapters.engine,
  });
  payments.onSettled((result) => events.emit('attemptSettled', result));
  const searchSource = {
    gateway: endpoint,
    secrets,
    language: () => settings.current().language,
    pool: deps.reportPool,
    timeouts: defaultGatewayTimeouts,
    logger,
    clock,
  };
  const shifts = createShiftService({
    path,
    clock,
    audit: deps.audit,
    reader,
    search: gatewaySearch(searchSource),
    binding: gatewayBinding(searchSource),
  });
  const linkJournal = createLinkJournal(journal.file, clock);
  const links = createLinkService({
    gateway: endpoint,
    secrets,
    journal: linkJournal,
    clock,
    ids,
    logger,
    settings: () => settings.current(),
    timeouts: adapters.engine?.timeouts,
    follow: adapters.linkFollow,
    tuning: adapters.engine?.tuning,
  });
  links.onUpdated((link) => events.emit('linkUpdated', link));
  return { mode: { name, journal, reader, payments, links, linkJournal, customers }, shifts };
}
