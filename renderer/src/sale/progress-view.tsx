import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatElapsed } from '../format/date-time';
import { formatMoney } from '../../../shared/format/money-text';
import { useLanguage } from '../i18n/use-language';
import { stepStatuses } from '../stores/sale-progress';
import { useSaleStore, type SalePhase } from '../stores/sale-store';

type Progress = Extract<SalePhase, { kind: 'progress' }>;

/** Re-renders every quarter second so the elapsed time ticks without drifting. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The attempt between Pay and its result: named steps from main's progress events, the
 * elapsed time, and Cancel (refused by main once Pay has been sent: money is never
 * abandoned half-way).
 */
export function ProgressView({ phase }: { phase: Progress }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const now = useNow();
  const steps = stepStatuses(phase.progress.seen);
  const current = phase.progress.seen.at(-1);
  const verifying = current === 'customer-verification';
  const pastCancel =
    current === 'charging' || current === 'checking-with-bank' || current === 'done';
  return (
    <section className="progress-screen" aria-labelledby="progress-title">
      <h1 id="progress-title" className="screen-title">
        {t('progress.title')}
      </h1>
      {phase.amountMinor === null ? null : (
        <p className="amount-display">{formatMoney(phase.amountMinor, phase.currency, language)}</p>
      )}
      <ol className="steps">
        {steps.map(({ step, status }) => (
          <li
            key={step}
            className={`step step-${status}`}
            aria-current={status === 'current' ? 'step' : undefined}
          >
            <span className="step-marker" aria-hidden="true" />
            <span className="step-name">{t(`progress.steps.${step}`)}</span>
            <span className="step-status">
              {status === 'skipped'
                ? t(`progress.skipped.${step}`)
                : t(`progress.stepStatus.${status}`)}
            </span>
          </li>
        ))}
      </ol>
      <div role="status" className="progress-live">
        {verifying ? (
          <div className="verifying">
            <p className="verifying-title">{t('progress.verifying')}</p>
            <p>{t('progress.verifyingHelp')}</p>
          </div>
        ) : null}
      </div>
      {phase.cancel === 'refused' ? (
        <p className="notice notice-warning" role="alert">
          {t('progress.cancelRefused')}
        </p>
      ) : null}
      <div className="progress-footer">
        <p className="elapsed">
          <span>{t('progress.elapsed')}</span>{' '}
          <span className="elapsed-time" dir="ltr">
            {formatElapsed(now - phase.startedAt, language)}
          </span>
        </p>
        <button
          type="button"
          className="button button-danger"
          disabled={phase.cancel === 'requested' || pastCancel}
          onClick={() => void useSaleStore.getState().cancel()}
        >
          {phase.cancel === 'requested' ? t('progress.cancelling') : t('progress.cancel')}
        </button>
      </div>
    </section>
  );
}
