import type { TFunction } from 'i18next';
import { en } from '../i18n/en';
import { errorKey } from '../i18n/error-text';

type AuditStep = keyof typeof en.audit.steps;
type AuditOutcome = keyof typeof en.audit.outcomes;
type PayerDecision = keyof typeof en.audit.payerDecisions;
type AuditNote = keyof typeof en.audit.notes;
type Status = keyof typeof en.status;

const known = <K extends string>(table: Record<K, string>, value: string): value is K =>
  Object.hasOwn(table, value);

export interface AuditEventText {
  step: string;
  outcome: string;
  detail: string | null;
}

/** One audit row in words; `codes` are the names no table knows, for the details line. */
export interface AuditLine {
  step: string;
  outcome: string;
  note: string | null;
  codes: string[];
}

// Amounts (`12.50`) and a void's free-text reason are facts as typed; anything shaped like a
// name for code (`pay-sent`, `key=value`, JSON) is not for people.
const codeShaped = /^[a-z0-9]+(?:[-_][a-z0-9]+)+$|[={}]|^[A-Z][a-z]+[A-Z]/;

/**
 * The journal's audit trail of one payment in the operator's words. Its steps (`initiate`,
 * `pay-sent`) and outcomes (the gateway's `ContinueToPayer`, our `sent`) are names for code;
 * the same gateway decision means different things at different steps (ContinueToPay after
 * Initiate Authentication: no verification asked; after Authenticate Payer, the seed's
 * reference flow: the gateway lets Pay follow the challenge), and an authorize-only payment
 * is a hold, not a charge. A value no table knows (a newer journal) becomes a generic word,
 * with the value itself kept for the details line.
 */
export function auditTrailWords<E extends AuditEventText>(
  t: TFunction,
  events: readonly E[],
): (E & { words: AuditLine })[] {
  const hold = events.some(
    (event) => event.step === 'created' && event.detail === 'authorize only',
  );
  return events.map((event) => {
    const codes: string[] = [];
    const unknown = (value: string) => {
      codes.push(value);
      return t('audit.other');
    };
    const step =
      event.step === 'pay-sent' && hold
        ? t('audit.holdSent')
        : known(en.audit.steps, event.step)
          ? t(`audit.steps.${event.step as AuditStep}`)
          : unknown(event.step);
    const outcome =
      event.step === 'payer' && known(en.audit.payerDecisions, event.outcome)
        ? t(`audit.payerDecisions.${event.outcome as PayerDecision}`)
        : event.outcome === 'resent' && hold
          ? t('audit.holdResent')
          : known(en.audit.outcomes, event.outcome)
            ? t(`audit.outcomes.${event.outcome as AuditOutcome}`)
            : known(en.status, event.outcome)
              ? t(`status.${event.outcome as Status}`)
              : unknown(event.outcome);
    return { ...event, words: { step, outcome, note: noteWords(t, event, unknown), codes } };
  });
}

function noteWords(
  t: TFunction,
  { step, detail }: AuditEventText,
  unknown: (value: string) => string,
): string | null {
  if (detail === null) return null;
  // What another counter did: the detail is that counter's ID.
  if (step.endsWith('-elsewhere'))
    return t('audit.atCounter', { counter: `\u2066${detail}\u2069` });
  if (known(en.audit.notes, detail)) return t(`audit.notes.${detail as AuditNote}`);
  if (known(en.audit.outcomes, detail)) return t(`audit.outcomes.${detail as AuditOutcome}`);
  const key = errorKey(detail);
  if (key !== 'unknown') return t(`errors.${key}`);
  return codeShaped.test(detail) ? unknown(detail) : detail;
}
