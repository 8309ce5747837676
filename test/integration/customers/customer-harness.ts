import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createAuditTrail } from '../../../main/core/audit/audit-trail';
import { createSqliteAuditStore } from '../../../main/core/audit/sqlite-audit-store';
import type {
  ConsentRequest,
  CustomerDirectory,
  RecordedConsent,
} from '../../../main/core/customers/customer-directory';
import { createSqliteCustomerDirectory } from '../../../main/core/customers/sqlite-customer-directory';
import { openSecurityDatabase } from '../../../main/core/operators/security-database';
import type { Logger, SavedCardToken } from '../../../main/core/ports';
import { tempJournal } from '../journal/temp-journal';

/**
 * A customers directory on a real journal file, its audit trail on a real security file,
 * with the journal's manual clock (15 January 2026) and the log lines kept for the test.
 */
export function tempDirectory(settings = { merchantName: 'Dar Coffee', merchantCountry: 'SA' }) {
  const t = tempJournal();
  const securityDb = openSecurityDatabase(join(t.dir, 'security.sqlite'), t.clock.now());
  const audit = createAuditTrail({
    store: createSqliteAuditStore(securityDb),
    key: randomBytes(32),
    clock: t.clock,
  });
  const logged: string[] = [];
  const log = (message: string, fields?: Record<string, unknown>) =>
    logged.push(`${message} ${JSON.stringify(fields ?? {})}`);
  const logger: Logger = { info: log, warn: log, error: log };
  const directory = createSqliteCustomerDirectory({
    file: t.journal.file,
    clock: t.clock,
    ids: { uuid: randomUUID },
    audit,
    logger,
    settings: () => settings,
  });
  return {
    ...t,
    directory,
    audit,
    logged,
    auditRows: () => audit.search({ beforeSeq: null, limit: 100 }).reverse(),
    remove: () => {
      securityDb.close();
      t.remove();
    },
  };
}

/** A token as the sandbox issues one for test card 5123450000000008. */
export const tokenOf = (overrides: Partial<SavedCardToken> = {}): SavedCardToken => ({
  tokenId: randomUUID(),
  maskedCard: '512345******0008',
  brand: 'Mastercard',
  expiryMonth: 12,
  expiryYear: 2030,
  ...overrides,
});

/** A consent as the sale handler records it before a sale that saves the card. */
export const consentOf = (
  directory: CustomerDirectory,
  customerId: string,
  options: Partial<Omit<ConsentRequest, 'customerId'>> = {},
) =>
  directory.recordConsent({
    customerId,
    language: 'en',
    agreementType: 'Unscheduled',
    operator: null,
    ...options,
  });

/** The engine's hand-over once the sale of `attemptId` paid with its card saved. */
export const issue = (
  directory: CustomerDirectory,
  customerId: string,
  consent: RecordedConsent,
  attemptId: string,
  { token = tokenOf(), operator = null }: { token?: SavedCardToken; operator?: string | null } = {},
) =>
  directory.tokenIssued({
    attemptId,
    customerId,
    consentId: consent.consentId,
    agreement: consent.agreement,
    operator,
    token,
  });
