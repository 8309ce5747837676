/**
 * The store database's schema, as numbered steps, one file each (applied by migrate-store.ts).
 * Like the journal's, a released step is never edited: a new need is a new step.
 *
 * Every table carries `counter_id`: step 5 gives each counter its own role and row-level
 * security on that column (step 7 extends it to step 2's tables); steps 3 and 4 add claims
 * and shared operators.
 */
import type { StoreMigration } from './store-migration';
import { countersAttemptsAndLedger } from './step-01-counters-attempts-and-ledger';
import { linksShiftsAndZReports } from './step-02-links-shifts-and-z-reports';
import { claims } from './step-03-claims';
import { sharedOperators } from './step-04-shared-operators';
import { counterRoles } from './step-05-counter-roles';
import { auditChains } from './step-06-audit-chains';
import { rowSecurityOnLinksAndShifts } from './step-07-row-security-on-links-and-shifts';
import { auditSignatures } from './step-08-audit-signatures';
import { claimOperatorsAndHoldClaims } from './step-09-claim-operators-and-hold-claims';
import { linkHolds } from './step-10-link-holds';
import { ownerRoleAndClaimsByFunction } from './step-11-owner-role-and-claims-by-function';
import { operatorsVerifiedByTheStore } from './step-12-operators-verified-by-the-store';
import { countersWriteThroughTheStore } from './step-13-counters-write-through-the-store';
import { supervisorsUnlockCashiers } from './step-14-supervisors-unlock-cashiers';
import { customersAndSavedCards } from './step-15-customers-and-saved-cards';

export type { StoreMigration } from './store-migration';

export const storeMigrations: readonly StoreMigration[] = [
  countersAttemptsAndLedger,
  linksShiftsAndZReports,
  claims,
  sharedOperators,
  counterRoles,
  auditChains,
  rowSecurityOnLinksAndShifts,
  auditSignatures,
  claimOperatorsAndHoldClaims,
  linkHolds,
  ownerRoleAndClaimsByFunction,
  operatorsVerifiedByTheStore,
  countersWriteThroughTheStore,
  supervisorsUnlockCashiers,
  customersAndSavedCards,
];
