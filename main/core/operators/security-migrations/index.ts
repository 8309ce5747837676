/**
 * The schema of `security.sqlite` (operators, their settings, the audit trail), as numbered
 * steps, one file each. Like the journal's, a released step is never edited.
 */
import type { Migration } from '../../platform/migrate';
import { operatorsAndAuditChain } from './step-01-operators-and-audit-chain';
import { operatorSync } from './step-02-operator-sync';
import { auditSignaturesAndPinnedKeys } from './step-03-audit-signatures-and-pinned-keys';
import { secretsSignedInHere } from './step-04-secrets-signed-in-here';

export const securityMigrations: readonly Migration[] = [
  operatorsAndAuditChain,
  operatorSync,
  auditSignaturesAndPinnedKeys,
  secretsSignedInHere,
];
