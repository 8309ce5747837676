import type { updateChannels } from '../../../shared/ipc-updates';
import type { AuditTrail } from '../audit/audit-trail';
import type { OperatorsService } from '../operators/operators-service';
import type { UpdateController } from '../updates/update-controller';
import type { IpcHandlers } from './router';

export type UpdateHandlers = Pick<IpcHandlers, keyof typeof updateChannels>;

/**
 * Settings › About: the update status, and Restart to update. The permission table lets only
 * a supervisor restart; the restart, or why it waits, goes into the audit trail with who
 * chose it.
 */
export function createUpdateHandlers(deps: {
  updates: UpdateController;
  operators: OperatorsService;
  audit: AuditTrail;
}): UpdateHandlers {
  const { updates, operators, audit } = deps;
  return {
    updateStatus: async () => updates.status(),
    async updateRestart() {
      const { version, available } = updates.status();
      const outcome = updates.restart();
      audit.record('update-restart', {
        operatorId: operators.actor(),
        subject: available?.version ?? null,
        detail: outcome.restarting
          ? `from=${version} to=${available?.version ?? '?'}`
          : `not restarted: ${outcome.busy.length > 0 ? `waits for ${outcome.busy.join(',')}` : 'nothing to install'}`,
      });
      return outcome;
    },
  };
}
