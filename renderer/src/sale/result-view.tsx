import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttemptResult, Outcome } from '../../../shared/ipc';
import { Fact } from '../common/fact';
import { ReceiptActions } from '../common/receipt-actions';
import { isNotCharged } from '../../../shared/failures/not-charged';
import { screenMoney } from '../format/screen-money';
import { errorKey } from '../i18n/error-text';
import { useLanguage } from '../i18n/use-language';
import { retryableOutcomes, useSaleStore, type SalePhase } from '../stores/sale-store';
import { CardFacts } from './card-facts';
import { InDoubtView } from './in-doubt-view';
import { SendLinkInsteadButton, TryAgainButton } from './try-again-button';

type Result = Extract<SalePhase, { kind: 'result' }>;

type NotApproved = Exclude<Outcome, 'paid' | 'in-doubt' | 'authorized'>;

function Approved({ result }: { result: AttemptResult }) {
  const { t } = useTranslation();
  return (
    <dl className="facts">
      <Fact label={t('result.authCode')} value={result.order?.authorizationCode ?? null} ltr />
      <Fact label={t('result.orderId')} value={result.order?.orderId ?? null} ltr />
      <Fact label={t('result.rrn')} value={result.order?.rrn ?? null} ltr />
      <CardFacts result={result} />
    </dl>
  );
}

function Declined({ result, outcome }: { result: AttemptResult; outcome: NotApproved }) {
  const { t } = useTranslation();
  const failure = result.failure;
  return (
    <>
      <p className="result-reason">{t(`errors.${errorKey(failure?.code ?? outcome)}`)}</p>
      <dl className="facts">
        <Fact label={t('result.gatewayCode')} value={failure?.gatewayCode ?? null} ltr />
        <Fact label={t('result.gatewayMessage')} value={failure?.gatewayMessage ?? null} />
        <Fact label={t('result.correlationId')} value={failure?.correlationId ?? null} ltr />
        <Fact label={t('result.orderId')} value={result.order?.orderId ?? null} ltr />
        <CardFacts result={result} />
      </dl>
      <div className="next-step">
        <h2>{t('result.nextStep')}</h2>
        <p>
          {/* "The reference above" only when there is one above to read out. */}
          {outcome === 'error' && !failure?.correlationId
            ? t('live.nextErrorNoReference')
            : t(`result.next.${outcome}`)}
        </p>
      </div>
    </>
  );
}

/**
 * The outcome, impossible to misread: approved in green with the amount large, not approved
 * with the reason in words plus codes for support. An unknown outcome has a screen of its own
 * (InDoubtView) until main settles it. Once the answer is known, Enter starts the next sale.
 */
export function ResultView({ phase }: { phase: Result }) {
  if (phase.result.outcome === 'in-doubt') return <InDoubtView phase={phase} />;
  return <FinalResult result={phase.result} settledLater={phase.settledLater} />;
}

function FinalResult({ result, settledLater }: { result: AttemptResult; settledLater: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const outcome = result.outcome;
  // A hold is approved too: the card was accepted and the money is held.
  const approved = outcome === 'paid' || outcome === 'authorized';
  const notCharged = isNotCharged(outcome, result.failure?.code);
  const title =
    outcome === 'authorized'
      ? t('holds.resultTitle')
      : approved
        ? t('result.approved')
        : notCharged
          ? t('notCharged.title')
          : t('result.notApproved');

  useEffect(() => {
    // Enter anywhere outside a control starts the next sale (the button has focus anyway).
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && event.target === document.body)
        useSaleStore.getState().startOver();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section
      className={`result-screen result-${approved ? 'approved' : notCharged ? 'not-charged' : 'declined'}`}
      aria-labelledby="result-title"
    >
      <div className="result-banner" role="alert">
        <h1 id="result-title" className="result-title">
          {title}
        </h1>
        <p className="amount-display">
          {screenMoney(result.amountMinor, result.currency, language)}
        </p>
        {settledLater ? <p className="result-help">{t('result.settled')}</p> : null}
        {outcome === 'authorized' ? <p className="result-help">{t('holds.resultHelp')}</p> : null}
      </div>
      {approved ? (
        <Approved result={result} />
      ) : outcome === 'in-doubt' ? null : (
        <Declined result={result} outcome={outcome} />
      )}
      <ReceiptActions attemptId={result.attemptId} copies="customer">
        {retryableOutcomes.has(outcome) ? <TryAgainButton /> : null}
        {retryableOutcomes.has(outcome) ? <SendLinkInsteadButton /> : null}
        <NewSaleButton primary={!retryableOutcomes.has(outcome)} />
      </ReceiptActions>
    </section>
  );
}

function NewSaleButton({ primary = true }: { primary?: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={primary ? 'button button-primary' : 'button'}
      // Focus lands here so Enter starts the next sale (after a non-charge, Try again has it).
      autoFocus={primary}
      onClick={() => useSaleStore.getState().startOver()}
    >
      {t('result.newSale')}
    </button>
  );
}
