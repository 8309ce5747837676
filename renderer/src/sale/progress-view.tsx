import { useTranslation } from 'react-i18next';
import { screenMoney } from '../format/screen-money';
import { useLanguage } from '../i18n/use-language';
import { bankIsSlow } from '../stores/sale-progress';
import { useSaleStore, type SalePhase } from '../stores/sale-store';
import { ElapsedTime } from './elapsed-time';
import { StepList } from './step-list';
import { useNow } from './use-now';
import { Screen } from '../common/screen';

type Progress = Extract<SalePhase, { kind: 'progress' }>;

/**
 * The attempt between Pay and its result: named steps from main's progress events, the
 * elapsed time, and Cancel (refused by main once Pay has been sent: money is never
 * abandoned half-way). Once Pay is out, Cancel stays visible but disabled with the reason in
 * words, and a Pay that waits long says the bank is slow and must not be repeated.
 */
export function ProgressView({ phase }: { phase: Progress }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const now = useNow();
  const { seen } = phase.progress;
  const current = seen.at(-1);
  const verifying = current === 'customer-verification';
  const paySent = seen.includes('charging');
  const slow = bankIsSlow(phase.progress, now);
  return (
    <Screen id="progress-title" title={t('progress.title')} className="progress-screen">
      {phase.amountMinor === null ? null : (
        <p className="amount-display">{screenMoney(phase.amountMinor, phase.currency, language)}</p>
      )}
      <StepList seen={seen} hold={phase.hold} />
      <div role="status" className="progress-live">
        {verifying ? (
          <div className="verifying">
            <p className="verifying-title">{t('progress.verifying')}</p>
            <p>{t('progress.verifyingHelp')}</p>
          </div>
        ) : null}
        {slow ? <p className="notice notice-warning slow-bank">{t('progress.slowBank')}</p> : null}
      </div>
      {phase.cancel === 'refused' ? (
        <p className="notice notice-warning" role="alert">
          {t('progress.cancelRefused')}
        </p>
      ) : null}
      <div className="progress-footer">
        <ElapsedTime label={t('progress.elapsed')} since={phase.startedAt} now={now} />
        <div className="cancel-box">
          {paySent ? (
            <p id="cancel-unavailable" className="cancel-reason">
              {t('progress.cancelUnavailable')}
            </p>
          ) : null}
          <button
            type="button"
            className="button button-danger"
            disabled={phase.cancel === 'requested' || paySent}
            aria-describedby={paySent ? 'cancel-unavailable' : undefined}
            onClick={() => void useSaleStore.getState().cancel()}
          >
            {phase.cancel === 'requested' ? t('progress.cancelling') : t('progress.cancel')}
          </button>
        </div>
      </div>
    </Screen>
  );
}
