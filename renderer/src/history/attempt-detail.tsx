import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttemptDetail, IpcResult, RefundResult } from '../../../shared/ipc';
import { ErrorNotice } from '../common/error-notice';
import { Fact } from '../common/fact';
import { ReceiptActions } from '../common/receipt-actions';
import { formatDateTime } from '../../../shared/format/date-text';
import { formatMoney } from '../../../shared/format/money-text';
import { useLanguage } from '../i18n/use-language';
import { useHistoryStore } from '../stores/history-store';
import { AuditTable, TransactionTable } from './attempt-tables';
import { canVoid, refundableMinor } from './attempt-actions';
import { focusHistoryRowWhenDrawn } from './history-row-focus';
import { RefundDialog } from './refund-dialog';
import { StatusBadge } from './status-badge';
import { VoidDialog } from './void-dialog';

/** What a refund or void answered, in words (the detail itself updates from the answer). */
function ActionOutcome({ answer }: { answer: IpcResult<RefundResult> }) {
  const { t } = useTranslation();
  if (!answer.ok) return <ErrorNotice error={answer.error} />;
  const { outcome, failure } = answer.value;
  if (outcome === 'refunded' || outcome === 'voided') {
    return (
      <p className="notice notice-success" role="status">
        {outcome === 'refunded' ? t('refund.done') : t('void.done')}
      </p>
    );
  }
  if (outcome === 'in-doubt') {
    return (
      <p className="notice notice-warning" role="status">
        {t('refund.inDoubt')}
      </p>
    );
  }
  return failure ? (
    <ErrorNotice error={failure} title={t('refund.refused')} />
  ) : (
    <p className="notice notice-error" role="alert">
      {t('refund.refused')}
    </p>
  );
}

/**
 * One attempt in full: amounts, card (masked), order, its transactions and the audit trail,
 * with reprint, refund and void. Money actions go through a confirmation dialog.
 */
export function AttemptDetailView({ detail }: { detail: AttemptDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [dialog, setDialog] = useState<'refund' | 'void' | null>(null);
  const [answer, setAnswer] = useState<IpcResult<RefundResult> | null>(null);
  const { row, result } = detail;
  const money = (minor: number) => formatMoney(minor, row.currency, language);
  const left = refundableMinor(row);

  // Back to the list with the cursor on this payment's row, as it was before opening it.
  const back = () => {
    useHistoryStore.getState().close();
    focusHistoryRowWhenDrawn({ attemptId: row.attemptId });
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A dialog's own Escape closes the dialog only.
      if (event.key !== 'Escape' || dialog !== null) return;
      if (event.target instanceof Element && event.target.closest('dialog')) return;
      event.preventDefault();
      back();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const done = (next: IpcResult<RefundResult>) => {
    setDialog(null);
    setAnswer(next);
    if (next.ok && next.value.detail) useHistoryStore.getState().showDetail(next.value.detail);
    else void useHistoryStore.getState().refreshAttempt(row.attemptId);
  };

  return (
    <section className="detail-screen" aria-labelledby="detail-title">
      <button
        type="button"
        className="button button-quiet"
        // Focus lands here when the payment opens: Enter or Esc goes back to the list.
        autoFocus
        onClick={back}
      >
        {t('detail.back')}
      </button>
      <div className="detail-head">
        <h1 id="detail-title" className="screen-title">
          {t('detail.title')}
        </h1>
        <StatusBadge status={row.status} />
      </div>
      <p className="amount-display">{money(row.amountMinor)}</p>
      <dl className="facts facts-grid">
        <Fact
          label={t('history.columns.date')}
          value={formatDateTime(row.createdAt, language)}
          keepEmpty
        />
        <Fact label={t('result.reference')} value={row.merchantReferenceId} keepEmpty ltr />
        <Fact label={t('result.orderId')} value={row.orderId} keepEmpty ltr />
        <Fact label={t('result.card')} value={row.masked} keepEmpty ltr />
        <Fact
          label={t('result.brand')}
          value={t(row.brand ? `brands.${row.brand}` : 'brands.unknown')}
          keepEmpty
        />
        <Fact label={t('result.holder')} value={row.holderName} keepEmpty />
        <Fact
          label={t('result.authCode')}
          value={result.order?.authorizationCode ?? null}
          keepEmpty
          ltr
        />
        <Fact label={t('result.rrn')} value={result.order?.rrn ?? null} keepEmpty ltr />
        <Fact
          label={t('detail.captured')}
          value={result.order ? money(result.order.capturedMinor) : null}
          keepEmpty
        />
        <Fact label={t('detail.refunded')} value={money(row.refundedMinor)} keepEmpty />
        <Fact
          label={t('result.correlationId')}
          value={result.failure?.correlationId ?? null}
          keepEmpty
          ltr
        />
      </dl>
      <ReceiptActions attemptId={row.attemptId} copies="both">
        {left > 0 ? (
          <button type="button" className="button" onClick={() => setDialog('refund')}>
            {t('detail.refund')}
          </button>
        ) : null}
        {canVoid(row) ? (
          <button
            type="button"
            className="button button-danger-quiet"
            onClick={() => setDialog('void')}
          >
            {t('detail.void')}
          </button>
        ) : null}
      </ReceiptActions>
      {answer ? <ActionOutcome answer={answer} /> : null}
      <TransactionTable transactions={result.order?.transactions ?? []} />
      <AuditTable events={detail.events} />
      {dialog === 'refund' ? (
        <RefundDialog detail={detail} onClose={() => setDialog(null)} onDone={done} />
      ) : null}
      {dialog === 'void' ? (
        <VoidDialog detail={detail} onClose={() => setDialog(null)} onDone={done} />
      ) : null}
    </section>
  );
}
