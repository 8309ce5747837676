import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attemptStatusSchema, type IpcError } from '../../../shared/ipc';
import type { StoreHistoryRowView } from '../../../shared/ipc-store';
import { formatDateTime } from '../../../shared/format/date-text';
import { formatMoney } from '../../../shared/format/money-text';
import { currencySchema } from '../../../shared/ipc';
import { ErrorNotice } from '../common/error-notice';
import { TextField } from '../common/text-field';
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

function StoreRow({ row }: { row: StoreHistoryRowView }) {
  const language = useLanguage();
  const status = attemptStatusSchema.safeParse(row.status);
  const currency = currencySchema.safeParse(row.currency);
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
        {currency.success ? formatMoney(row.amountMinor, currency.data, language) : row.currency}
      </span>
      <span className="cell cell-status">
        {status.success ? <StatusBadge status={status.data} /> : row.status}
      </span>
    </li>
  );
}

/**
 * The store-wide History (issue 19): every counter's payments from the store database,
 * filtered by counter and operator, newest first. It reloads when another counter's
 * records arrive (LISTEN/NOTIFY through main), so a sale shows here within about a second.
 */
export function StoreHistory() {
  const { t } = useTranslation();
  const changes = useStoreStatus((s) => s.changes);
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
  }, [request, show, changes]);

  return (
    <section className="store-history" aria-labelledby="store-history-title">
      <h1 id="store-history-title" className="screen-title">
        {t('store.historyTitle')}
      </h1>
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
      <ul className="store-rows" aria-label={t('store.rowsLabel')}>
        {rows.map((row) => (
          <StoreRow key={row.attemptId} row={row} />
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
    </section>
  );
}
