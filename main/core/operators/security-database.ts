import type { DatabaseSync } from 'node:sqlite';
import { migrate } from '../platform/migrate';
import { openDatabase } from '../platform/open-database';
import { securityMigrations } from './security-migrations';

/**
 * `security.sqlite`: operators, their settings and the audit trail, one file per install
 * (shared by Training and live, unlike the journals). Store mode puts the same data in
 * PostgreSQL behind the same ports (OperatorStore, AuditStore). Its steps are in
 * security-migrations/.
 */
export function openSecurityDatabase(path: string, now: number): DatabaseSync {
  const db = openDatabase(path);
  try {
    migrate(db, securityMigrations, now);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
