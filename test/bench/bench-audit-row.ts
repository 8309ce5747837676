import { auditEventNames } from '../../shared/ipc-security';

/** Audit row `seq` of a benchmark's made-up trail: the local and the store audit benches alike. */
export const benchAuditRow = (seq: number) => ({
  seq,
  at: 1_700_000_000_000 + seq,
  event: auditEventNames[seq % auditEventNames.length]!,
  operatorId: `op${seq % 12}`,
  subject: `attempt-${seq}`,
  detail: `${seq * 7} SAR`,
});
