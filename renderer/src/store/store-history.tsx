import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  attemptStatusSchema,
  type IpcError,
  type IpcResult,
  currencySchema,
} from '../../../shared/ipc';
import type { StoreHoldResult, StoreRefundResult } from '../../../shared/ipc-claims';
import type { StoreHistoryRowView } from '../../../shared/ipc-store';
import { formatDateTime } from '../../../shared/format/date-text';
import { screenMoney } from '../format/screen-money';
import { ErrorNotice } from '../common/error-notice';
import { TextField } from '../common/text-field';
import { HoldActions, HoldOutcome } from '../history/hold-actions';
import { RefundDialog } from '../history/refund-dialog';
import { RefundOutcome } from '../history/refund-outcome';
import { StatusBadge } from '../history/status-badge';
import { useLanguage } from '../i18n/use-language';
import { paydesk } from '../paydesk';
import { useStoreStatus } from './store-status-store';

interface Filters {
  text: string;
  counterId: string;
  operatorId: string;
}

const pageSize = 50;

const requestFilters = (filters: Filters) => ({
  ...(filters.text.trim() ? { text: filters.text.trim() } : {}),
  ...(filters.counterId.trim() ? { counterId: filters.counterId.trim() } : {}),
  ...(filters.operatorId.trim() ? { operatorId: filters.operatorId.trim() } : {}),
});

/**
 * What is left to refund on another counter's payment, as the store shows it; 0 for this
 * counter's own payments (refunded from its own History) and for anything not paid.
 */
const refundableElsewhere = (row: StoreHistoryRowView, ownCounter: string | null) =>
  row.counterId === ownCounter || (row.status !== 'paid' && row.status !== 'partially-refunded')
    ? 0
    : Math.max(0, row.amountMinor - row.refundedMinor);

function StoreRow({
  row,
  ownCounter,
  onRefund,
  onHoldAnswer,
}: {
  row: StoreHistoryRowView;
  ownCounter: string | null;
  onRefund(): void;
  onHoldAnswer(answer: IpcResult<StoreHoldResult>): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const status = attemptStatusSchema.safeParse(row.status);
  const currency = currencySchema.safeParse(row.currency);
  const left = refundableElsewhere(row, ownCounter);
  // Another counter's hold is captured or released from here too.
  const heldElsewhere = row.status === 'authorized' && row.counterId !== ownCounter;
  return (
    <li className="store-row">
      <span className="cell cell-date">{formatDateTime(row.createdAt, language)}</span>
      <span className="cell cell-counter" dir="ltr">
        {row.counterId}
      </span>
      <span className="cell cell-operator" dir="ltr">
        {row.operatorId ?? ''}
      </span>
      <span className="cell cell-reference" dir="ltr">
        {row.merchantReferenceId}
      </span>
      <span className="cell cell-card" dir="ltr">
        {row.masked}
      </span>
      <span className="cell cell-amount">
        {currency.success ? screenMoney(row.amountMinor, currency.data, language) : row.currency}
      </span>
      <span className="cell cell-status">
        {status.success ? <StatusBadge status={status.data} /> : row.status}
      </span>
      {left > 0 || heldElsewhere ? (
        <div className="cell cell-actions">
          {left > 0 && currency.success ? (
            <button type="button" className="button button-quiet" onClick={onRefund}>
              {t('store.refund')}
            </button>
          ) : null}
          {heldElsewhere && currency.success ? (
            <HoldActions
              amount={screenMoney(row.amountMinor, currency.data, language)}
              payment={{ card: row.masked, reference: row.merchantReferenceId }}
              send={(action, approver) =>
                (action === 'capture' ? paydesk().storeCapture : paydesk().storeRelease)({
                  attemptId: row.attemptId,
                  approver,
                })
              }
              onAnswer={onHoldAnswer}
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The store-wide History: every counter's payments from the store database,
 * filtered by counter and operator, newest first. It reloads when another counter's
 * records arrive (LISTEN/NOTIFY through main), so a sale shows here within about a second.
 */
export function StoreHistory() {
  const { t } = useTranslation();
  const changes = useStoreStatus((s) => s.changes);
  const ownCounter = useStoreStatus((s) => s.status?.counterId ?? null);
  // A refund of another counter's payment, and what it answered.
  const [refunding, setRefunding] = useState<StoreHistoryRowView | null>(null);
  const [answer, setAnswer] = useState<IpcResult<StoreRefundResult> | null>(null);
  const [holdAnswer, setHoldAnswer] = useState<IpcResult<StoreHoldResult> | null>(null);
  const [reloads, setReloads] = useState(0);
  const [filters, setFilters] = useState<Filters>({ text: '', counterId: '', operatorId: '' });
  const [rows, setRows] = useState<StoreHistoryRowView[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [error, setError] = useState<IpcError | null>(null);

  const request = useCallback(
    (cursor: string | null) =>
      paydesk().storeHistory({ filters: requestFilters(filters), cursor, limit: pageSize }),
    [filters],
  );
  const show = useCallback((answer: Awaited<ReturnType<typeof request>>, appended: boolean) => {
    if (!answer.ok) {
      setError(answer.error);
      // A refused first page (operators off, store offline) leaves no earlier rows on show:
      // the screen shows what the store answers now, never another counter's stale payments.
      if (!appended) {
        setRows([]);
        setNextCursor(null);
      }
      return;
    }
    setError(null);
    setRows((shown) => (appended ? [...shown, ...answer.value.rows] : answer.value.rows));
    setNextCursor(answer.value.nextCursor);
  }, []);
  // New filters, or another counter's records arrived: the first page again.
  useEffect(() => {
    let current = true;
    void request(null).then((answer) => {
      if (current) show(answer, false);
    });
    return () => {
      current = false;
    };
  }, [request, show, changes, reloads]);
  const refundCurrency = refunding ? currencySchema.safeParse(refunding.currency) : null;

  return (
    <section className="store-history" aria-labelledby="store-history-title">
      <h1 id="store-history-title" className="screen-title">
        {t('store.historyTitle')}
      </h1>
      <p className="field-hint">{t('storeTraining')}</p>
      <div className="form-row">
        <TextField
          label={t('store.search')}
          fieldClassName="field-wide"
          maxLength={100}
          value={filters.text}
          onValueChange={(text) => setFilters({ ...filters, text })}
        />
        <TextField
          label={t('store.counter')}
          dir="ltr"
          maxLength={32}
          value={filters.counterId}
          onValueChange={(counterId) => setFilters({ ...filters, counterId })}
        />
        <TextField
          label={t('store.operator')}
          dir="ltr"
          maxLength={32}
          value={filters.operatorId}
          onValueChange={(operatorId) => setFilters({ ...filters, operatorId })}
        />
      </div>
      {error ? <ErrorNotice error={error} /> : null}
      {answer ? <RefundOutcome answer={answer} /> : null}
      {holdAnswer ? <HoldOutcome answer={holdAnswer} /> : null}
      <ul className="store-rows" aria-label={t('store.rowsLabel')}>
        {rows.map((row) => (
          <StoreRow
            key={row.attemptId}
            row={row}
            ownCounter={ownCounter}
            onRefund={() => {
              setAnswer(null);
              setHoldAnswer(null);
              setRefunding(row);
            }}
            onHoldAnswer={(next) => {
              setAnswer(null);
              setHoldAnswer(next);
              setReloads((n) => n + 1);
            }}
          />
        ))}
      </ul>
      {rows.length === 0 && !error ? <p>{t('store.empty')}</p> : null}
      {nextCursor !== null ? (
        <button
          type="button"
          className="button"
          onClick={() => void request(nextCursor).then((answer) => show(answer, true))}
        >
          {t('store.more')}
        </button>
      ) : null}
      {refunding && refundCurrency?.success ? (
        <RefundDialog
          currency={refundCurrency.data}
          payment={{ card: refunding.masked, reference: refunding.merchantReferenceId }}
          left={refundableElsewhere(refunding, ownCounter)}
          send={(amount, approver) =>
            paydesk().storeRefund({
              attemptId: refunding.attemptId,
              ...(amount === undefined ? {} : { amount }),
              approver,
            })
          }
          onClose={() => setRefunding(null)}
          onDone={(next) => {
            setRefunding(null);
            setHoldAnswer(null);
            setAnswer(next);
            // The other counter's row changes once it takes the refund into its journal.
            setReloads((n) => n + 1);
          }}
        />
      ) : null}
    </section>
  );
}
