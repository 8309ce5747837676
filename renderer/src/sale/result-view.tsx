import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttemptResult, Outcome } from '../../../shared/ipc';
import { Fact } from '../common/fact';
import { ReceiptActions } from '../common/receipt-actions';
import { formatMoney } from '../../../shared/format/money-text';
import { errorKey } from '../i18n/error-text';
import { useLanguage } from '../i18n/use-language';
import { retryableOutcomes, useSaleStore } from '../stores/sale-store';
import { TryAgainButton } from './try-again-button';

type NotApproved = Exclude<Outcome, 'paid' | 'in-doubt'>;

function CardFacts({ result }: { result: AttemptResult }) {
  const { t } = useTranslation();
  return (
    <>
      <Fact label={t('result.card')} value={result.card.masked} ltr />
      <Fact
        label={t('result.brand')}
        value={t(result.card.brand ? `brands.${result.card.brand}` : 'brands.unknown')}
      />
      <Fact label={t('result.holder')} value={result.card.holderName} />
      <Fact label={t('result.reference')} value={result.merchantReferenceId} ltr />
    </>
  );
}

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
        <p>{t(`result.next.${outcome}`)}</p>
      </div>
    </>
  );
}

/**
 * The outcome, impossible to misread: approved in green with the amount large, not approved
 * with the reason in words plus codes for support, and an unknown outcome as "checking with
 * the bank" (never as failed) until main settles it. Enter starts the next sale.
 */
export function ResultView({
  result,
  settledLater,
}: {
  result: AttemptResult;
  settledLater: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const outcome = result.outcome;
  const tone = outcome === 'paid' ? 'approved' : outcome === 'in-doubt' ? 'checking' : 'declined';
  const heading =
    tone === 'approved'
      ? t('result.approved')
      : tone === 'checking'
        ? t('result.checking')
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
    <section className={`result-screen result-${tone}`} aria-labelledby="result-title">
      <div className="result-banner" role={tone === 'checking' ? 'status' : 'alert'}>
        <h1 id="result-title" className="result-title">
          {heading}
        </h1>
        <p className="amount-display">
          {formatMoney(result.amountMinor, result.currency, language)}
        </p>
        {tone === 'checking' ? <p className="result-help">{t('result.checkingHelp')}</p> : null}
        {settledLater && tone !== 'checking' ? (
          <p className="result-help">{t('result.settled')}</p>
        ) : null}
      </div>
      {outcome === 'paid' ? <Approved result={result} /> : null}
      {outcome !== 'paid' && outcome !== 'in-doubt' ? (
        <Declined result={result} outcome={outcome} />
      ) : null}
      {outcome === 'in-doubt' ? (
        <dl className="facts">
          <CardFacts result={result} />
        </dl>
      ) : null}
      {outcome === 'in-doubt' ? (
        <div className="button-row">
          <NewSaleButton />
        </div>
      ) : (
        <ReceiptActions attemptId={result.attemptId} copies="customer">
          {retryableOutcomes.has(outcome) ? <TryAgainButton /> : null}
          <NewSaleButton primary={!retryableOutcomes.has(outcome)} />
        </ReceiptActions>
      )}
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
