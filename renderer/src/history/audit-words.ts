import type { TFunction } from 'i18next';
import { en } from '../i18n/en';
import { errorKey } from '../i18n/error-text';

type AuditStep = keyof typeof en.audit.steps;
type AuditOutcome = keyof typeof en.audit.outcomes;
type AuditNote = keyof typeof en.audit.notes;
type Status = keyof typeof en.status;

const known = <K extends string>(table: Record<K, string>, value: string): value is K =>
  Object.hasOwn(table, value);

/**
 * The journal's audit trail in the operator's words: its steps (`initiate`, `pay-sent`) and
 * outcomes (the gateway's `ContinueToPayer`, our `sent`) are names for code, not for people.
 * A value no table knows yet (a newer journal) is shown as written rather than hidden.
 */
export function auditWords(
  t: TFunction,
  event: { step: string; outcome: string; detail: string | null },
): { step: string; outcome: string; note: string | null } {
  const step = known(en.audit.steps, event.step)
    ? t(`audit.steps.${event.step as AuditStep}`)
    : event.step;
  const outcome = known(en.audit.outcomes, event.outcome)
    ? t(`audit.outcomes.${event.outcome as AuditOutcome}`)
    : known(en.status, event.outcome)
      ? t(`status.${event.outcome as Status}`)
      : event.outcome;
  return { step, outcome, note: noteWords(t, event.detail) };
}

function noteWords(t: TFunction, detail: string | null): string | null {
  if (detail === null) return null;
  if (known(en.audit.notes, detail)) return t(`audit.notes.${detail as AuditNote}`);
  if (known(en.audit.outcomes, detail)) return t(`audit.outcomes.${detail as AuditOutcome}`);
  // A failure code gets its sentence; anything else (an amount, a void reason) is as typed.
  const key = errorKey(detail);
  return key === 'unknown' ? detail : t(`errors.${key}`);
}
