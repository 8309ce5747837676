import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttemptDetail, IpcResult, RefundResult } from '../../../shared/ipc';
import { CardSourceFact } from '../common/card-source';
import { Fact } from '../common/fact';
import { ReceiptActions } from '../common/receipt-actions';
import { formatDateTime } from '../../../shared/format/date-text';
import { isNotCharged } from '../../../shared/failures/not-charged';
import { errorKey } from '../i18n/error-text';
import { screenMoney } from '../format/screen-money';
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

type Transaction = NonNullable<AttemptDetail['result']['order']>['transactions'][number];

const successful = (detail: AttemptDetail, type: string): Transaction[] =>
  (detail.result.order?.transactions ?? []).filter(
    (transaction) => transaction.type === type && transaction.status === 'Success',
  );

/**
 * The payment's own receipt, one row of buttons: a captured hold's is its capture receipt
 * and a released hold's its release receipt (the sale's would reprint what it no longer is).
 */
function documentOf(detail: AttemptDetail): 'capture' | 'release' | null {
  if (successful(detail, 'Capture').length > 0) return 'capture';
  if (detail.row.status === 'released' && successful(detail, 'Void').length > 0) return 'release';
  return null;
}

/** One receipt per refund, newest first: the one just made sits under its outcome. */
function RefundReceipts({
  detail,
  money,
}: {
  detail: AttemptDetail;
  money(minor: number): string;
}) {
  const { t } = useTranslation();
  const refunds = successful(detail, 'Refund');
  return (
    <>
      {refunds
        .map((refund, index) => (
          <ReceiptActions
            key={index}
            attemptId={detail.row.attemptId}
            copies="both"
            kind="refund"
            refund={index}
            label={t('receipts.refundReceipt', {
              number: index + 1,
              amount: money(refund.amountMinor),
            })}
          />
        ))
        .reverse()}
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
  const money = (minor: number) => screenMoney(minor, row.currency, language);
  const left = refundableMinor(row);
  const own = documentOf(detail);
  const notCharged = isNotCharged(row.status, result.failure?.code);

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

  // The last refund takes its button away with the dialog that came from it: the cursor,
  // left on the page, goes to the receipt buttons (the next thing an operator does here).
  useEffect(() => {
    if (answer === null) return;
    const frame = requestAnimationFrame(() => {
      if (document.activeElement !== document.body) return;
      document.querySelector<HTMLElement>('.detail-screen .receipt-actions button')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [answer]);

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
        <StatusBadge status={row.status} failureCode={result.failure?.code} />
      </div>
      <p className="amount-display">{money(row.amountMinor)}</p>
      {row.refundedMinor > 0 ? (
        // What the payment is now, next to what it was: each amount isolated from the words.
        <p className="amount-refunded">
          <span>
            {t('receipts.refunded')} <bdi>{money(row.refundedMinor)}</bdi>
          </span>
          <span>
            {t('receipts.stillCharged')}{' '}
            <bdi>{money(Math.max(0, row.amountMinor - row.refundedMinor))}</bdi>
          </span>
        </p>
      ) : null}
      {notCharged ? (
        <p className="not-charged-why">
          {t(`errors.${errorKey(result.failure?.code ?? 'error')}`)}
        </p>
      ) : null}
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
        {/* A saved card keeps no holder name: its line would only ever read "None". */}
        <Fact
          label={t('result.holder')}
          value={row.holderName}
          keepEmpty={(row.cardSource ?? result.cardSource ?? 'keyed') === 'keyed'}
        />
        <CardSourceFact source={row.cardSource ?? result.cardSource} />
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
        {notCharged ? null : (
          <Fact
            label={t('detail.captured')}
            value={result.order ? money(result.order.capturedMinor) : null}
            keepEmpty
          />
        )}
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
      <ReceiptActions
        attemptId={row.attemptId}
        copies="both"
        {...(own ? { kind: own, label: t(`holds.${own}Receipt`) } : {})}
      >
        {left > 0 ? (
          <button type="button" className="button" onClick={() => setRefunding(true)}>
            {t('detail.refund')}
          </button>
        ) : null}
      </ReceiptActions>
      {answer ? <RefundOutcome answer={answer} /> : null}
      <RefundReceipts detail={detail} money={money} />
      <TransactionTable transactions={result.order?.transactions ?? []} />
      <AuditTable events={detail.events} />
      {refunding ? (
        <RefundDialog
          currency={row.currency}
          payment={{ card: row.masked, reference: row.merchantReferenceId }}
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
