import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttemptDetail, IpcResult, RefundResult } from '../../../shared/ipc';
import { Fact } from '../common/fact';
import { ReceiptActions } from '../common/receipt-actions';
import { formatDateTime } from '../../../shared/format/date-text';
import { formatMoney } from '../../../shared/format/money-text';
import { useLanguage } from '../i18n/use-language';
import { useOperatorNames } from '../operators/operator-names';
import { paydesk } from '../paydesk';
import { useHistoryStore } from '../stores/history-store';
import { AdoptedMark } from './adopted-mark';
import { AuditTable, TransactionTable } from './attempt-tables';
import { refundableMinor } from './attempt-actions';
import { focusHistoryRowWhenDrawn } from './history-row-focus';
import { HoldPanel } from './hold-panel';
import { RefundDialog } from './refund-dialog';
import { RefundOutcome } from './refund-outcome';
import { StatusBadge } from './status-badge';

/** A hold's own receipts: its capture (then refundable as any paid sale) or its release. */
function HoldReceipts({ detail }: { detail: AttemptDetail }) {
  const { t } = useTranslation();
  const transactions = detail.result.order?.transactions ?? [];
  const happened = (type: string) =>
    transactions.some(
      (transaction) => transaction.type === type && transaction.status === 'Success',
    );
  const { attemptId } = detail.row;
  return (
    <>
      {happened('Capture') ? (
        <ReceiptActions
          attemptId={attemptId}
          copies="both"
          kind="capture"
          label={t('holds.captureReceipt')}
        />
      ) : null}
      {detail.row.status === 'released' && happened('Void') ? (
        <ReceiptActions
          attemptId={attemptId}
          copies="both"
          kind="release"
          label={t('holds.releaseReceipt')}
        />
      ) : null}
    </>
  );
}

/**
 * One attempt in full: amounts, card (masked), order, its transactions and the audit trail,
 * with reprint and refund (through a confirmation dialog). There is no Void: money a Pay took
 * comes back by Refund only (the gateway's Cancel is for orders still in progress). Voids made
 * by earlier versions stay readable: the `voided` status, the order's Void transaction and the
 * audit trail.
 */
export function AttemptDetailView({ detail }: { detail: AttemptDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const names = useOperatorNames((s) => s.names);
  const [refunding, setRefunding] = useState(false);
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
      if (event.key !== 'Escape' || refunding) return;
      if (event.target instanceof Element && event.target.closest('dialog')) return;
      event.preventDefault();
      back();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const done = (next: IpcResult<RefundResult>) => {
    setRefunding(false);
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
      <AdoptedMark detail={detail} />
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
          label={t('detail.operator')}
          value={row.operatorId ? (names[row.operatorId] ?? row.operatorId) : null}
          keepEmpty
        />
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
      {/* A hold's state and its Capture and Release come first: money is waiting on them. */}
      <HoldPanel key={row.attemptId} detail={detail} />
      <ReceiptActions attemptId={row.attemptId} copies="both">
        {left > 0 ? (
          <button type="button" className="button" onClick={() => setRefunding(true)}>
            {t('detail.refund')}
          </button>
        ) : null}
      </ReceiptActions>
      {answer ? <RefundOutcome answer={answer} /> : null}
      <HoldReceipts detail={detail} />
      <TransactionTable transactions={result.order?.transactions ?? []} />
      <AuditTable events={detail.events} />
      {refunding ? (
        <RefundDialog
          currency={row.currency}
          left={left}
          send={(amount, approver) =>
            paydesk().orderRefund({
              attemptId: row.attemptId,
              ...(amount === undefined ? {} : { amount }),
              approver,
            })
          }
          onClose={() => setRefunding(false)}
          onDone={done}
        />
      ) : null}
    </section>
  );
}
