import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../common/error-notice';
import { formatDateTime } from '../../../shared/format/date-text';
import { formatMoney } from '../../../shared/format/money-text';
import { useLanguage } from '../i18n/use-language';
import { inDoubtSteps } from '../stores/sale-progress';
import { useSaleStore, type CheckState, type SalePhase } from '../stores/sale-store';
import { CardFacts } from './card-facts';
import { ElapsedTime } from './elapsed-time';
import { StepList } from './step-list';
import { useNow } from './use-now';

type Result = Extract<SalePhase, { kind: 'result' }>;

/** What the last "Check now" found, in words; announced politely. */
function CheckOutcome({ check }: { check: CheckState }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (check.kind === 'unanswered') {
    return <p>{t('inDoubt.stillUnanswered', { time: formatDateTime(check.at, language) })}</p>;
  }
  if (check.kind === 'failed') {
    return <ErrorNotice error={check.error} title={t('inDoubt.checkFailed')} />;
  }
  return null;
}

/**
 * A sale whose Pay answer is not known. Built so it cannot be misread as
 * "failed, take it again": no button has focus and Enter does nothing (the habitual Enter of
 * a finished sale must not leave this screen); Pay is listed as sent without an answer, never
 * as done; the time since Pay ticks; Check now asks the bank at once; and the screen says in
 * plain words what Paydesk does next. It changes by itself when the answer arrives.
 */
export function InDoubtView({ phase }: { phase: Result }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const now = useNow();
  const heading = useRef<HTMLHeadingElement>(null);
  const { result, check } = phase;
  const supervisor = result.failure?.code === 'pay-needs-supervisor';

  useEffect(() => {
    // Focus on the heading, not a button: Enter then does nothing, and a screen reader
    // starts reading here.
    heading.current?.focus();
  }, []);

  return (
    <section className="result-screen result-checking" aria-labelledby="result-title">
      <div className="result-banner" role="status">
        <h1 id="result-title" className="result-title" ref={heading} tabIndex={-1}>
          {t('result.checking')}
        </h1>
        <p className="amount-display">
          {formatMoney(result.amountMinor, result.currency, language)}
        </p>
        <p className="result-help">
          {supervisor ? t('inDoubt.supervisor') : t('result.checkingHelp')}
        </p>
      </div>
      <div className="in-doubt-check">
        <ElapsedTime label={t('inDoubt.elapsed')} since={phase.startedAt} now={now} />
        <button
          type="button"
          className="button button-primary"
          disabled={check.kind === 'checking'}
          onClick={() => void useSaleStore.getState().checkNow()}
        >
          {check.kind === 'checking' ? t('inDoubt.checking') : t('inDoubt.checkNow')}
        </button>
      </div>
      <div role="status" className="check-outcome">
        <CheckOutcome check={check} />
      </div>
      <div className="next-step">
        <h2>{t('inDoubt.nextTitle')}</h2>
        <ul className="next-list">
          <li>{t('inDoubt.nextAsking')}</li>
          <li>{t('inDoubt.nextAnswer')}</li>
          <li>{supervisor ? t('inDoubt.nextSupervisor') : t('inDoubt.nextTimeLimit')}</li>
          <li>{t('inDoubt.nextLeave')}</li>
        </ul>
      </div>
      <StepList seen={inDoubtSteps(phase.seen)} />
      <dl className="facts">
        <CardFacts result={result} />
      </dl>
      <div className="button-row">
        <button
          type="button"
          className="button button-quiet"
          onClick={() => useSaleStore.getState().startOver()}
        >
          {t('result.newSale')}
        </button>
      </div>
    </section>
  );
}
