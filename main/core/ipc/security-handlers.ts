import type { securityChannels } from '../../../shared/ipc-security';
import type { SaveTarget, Logger } from '../ports';
import { writeAuditCsv } from '../audit/audit-csv';
import type { AuditTrail } from '../audit/audit-trail';
import { localDate } from './core-handlers';
import { CodedFailure } from '../coded-failure';
import type { IpcHandlers } from './router';
import { operatorFailure } from '../operators/operator-failure';
import type { OperatorsService } from '../operators/operators-service';

export type SecurityHandlers = Pick<IpcHandlers, keyof typeof securityChannels>;

/** The session, operator and audit channels (shared/ipc-security.ts). */
export function createSecurityHandlers(deps: {
  operators: OperatorsService;
  audit: AuditTrail;
  files: SaveTarget;
  now: () => number;
  logger: Logger;
}): SecurityHandlers {
  const { operators, audit, files, logger } = deps;
  const { accounts } = operators;
  const actor = () => operators.actor();

  return {
    sessionState: async () => operators.state(),
    sessionSignIn: ({ operatorId, secret }) => operators.signIn(operatorId, secret),
    sessionLock: async () => operators.lock('key'),
    sessionSignOut: async () => operators.signOut(),
    sessionTouch: async () => operators.touch(),
    operatorsEnable: (input) => operators.enable(input),
    operatorsDisable: async () => operators.disable(),
    operatorsList: async () => ({ operators: accounts.all().map(accounts.view) }),
    operatorsDirectory: async () => ({
      names: Object.fromEntries(accounts.all().map((o) => [o.operatorId, o.displayName])),
    }),
    operatorsCreate: async (input) => accounts.view(await accounts.create(input, actor())),
    operatorsUpdate: async ({ operatorId, ...change }) =>
      accounts.view(await accounts.change(operatorId, change, actor())),
    operatorsUnlock: async ({ operatorId }) =>
      accounts.view(await accounts.unlock(operatorId, operators.acting())),
    operatorsConfigure: async (patch) => operators.configure(patch),
    auditSearch: async ({ filters, beforeSeq, limit }) => {
      const rows = audit.search({ ...filters, beforeSeq, limit: limit + 1 });
      return { rows: rows.slice(0, limit), more: rows.length > limit };
    },
    auditVerify: async () => audit.verify(),
    auditExport: async ({ filters }) => {
      try {
        const path = await files.choosePath({
          defaultName: `paydesk-audit-${localDate(deps.now())}.csv`,
          kind: 'csv',
        });
        if (!path) return { path: null, rows: 0 };
        const rows = await writeAuditCsv(audit.matching(filters), path);
        audit.record('audit-exported', { operatorId: actor(), detail: `rows=${rows}` });
        return { path, rows };
      } catch (error) {
        if (error instanceof CodedFailure) throw error;
        logger.error('audit-export-failed', { error: String(error) });
        throw operatorFailure('audit-export-failed');
      }
    },
  };
}
