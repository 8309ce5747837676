/**
 * The journal's schema, as numbered steps, one file each. A step is never edited once
 * released: a new need is a new step, so a file written by any earlier Paydesk can be brought
 * forward.
 */
import type { Migration } from '../../platform/migrate';
import { attemptsAndEvents } from './step-01-attempts-and-events';
import { historySearchIndexes } from './step-02-history-search-indexes';
import { attemptGatewayAndDeadline } from './step-03-attempt-gateway-and-deadline';
import { attemptOperator } from './step-04-attempt-operator';
import { ledgerTable } from './step-05-ledger';
import { historyFilterIndexes } from './step-06-history-filter-indexes';
import { holds } from './step-07-holds';
import { shiftsAndZReports } from './step-08-shifts-and-z-reports';
import { cardChecks } from './step-09-card-checks';
import { paymentLinks } from './step-10-payment-links';
import { storeOutbox } from './step-11-store-outbox';
import { linkHolds } from './step-12-link-holds';
import { shiftReportIndexes } from './step-13-shift-report-indexes';
import { linksShiftsAndZReportsInOutbox } from './step-14-links-shifts-z-reports-in-outbox';
import { linkHoldsInOutbox } from './step-15-link-holds-in-outbox';
import { customersAndSavedCards } from './step-16-customers-and-saved-cards';
import { attemptCardSource } from './step-17-attempt-card-source';

export const migrations: readonly Migration[] = [
  attemptsAndEvents,
  historySearchIndexes,
  attemptGatewayAndDeadline,
  attemptOperator,
  ledgerTable,
  historyFilterIndexes,
  holds,
  shiftsAndZReports,
  cardChecks,
  paymentLinks,
  storeOutbox,
  linkHolds,
  shiftReportIndexes,
  linksShiftsAndZReportsInOutbox,
  linkHoldsInOutbox,
  customersAndSavedCards,
  attemptCardSource,
];
